import ExcelJS from 'exceljs'

/**
 * Contribution-account export files as the firm's system writes them (docs/firm-addresses-sv.md): accounts with
 * Austrian amounts and dates, their transactions and authorizations. Account 1234567 (client 1002) owes 1.250,40
 * and was reminded (MA); 0012345678 is a ten-digit account in credit whose authorization runs out in ten days;
 * 7654321 is settled.
 */
export function inDays(days: number): string {
  const date = new Date()
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** The accounts export (CSV, semicolons). */
export const SV_ACCOUNTS_CSV = [
  'beitragskontonummer;partner_name;kassa_mandant;partner_strasse_hausnummer;partner_postleitzahl;partner_postort;partner_land;partner_dgnr;saldo;verzugszinsatz_pro_jahr;ksb_automatische_zustellung_aktiv;gueltig_ab;sepa_iban;klient;empfaenger_iban;empfaenger_name',
  '1234567;Muster Handels GmbH;ÖGK Wien;Hauptstraße 1;1010;Wien;AT;123456;1.250,40;4,63;ja;1.1.2020;AT611904300234573201;1002;AT483200000012345864;Österreichische Gesundheitskasse',
  '0012345678;Beispiel Bau OG;ÖGK Steiermark;Annenstraße 5;8020;Graz;AT;654321;-80,00;4,63;nein;2021-03-01;;;;',
  '7654321;Ausgeglichen KG;ÖGK Wien;Ring 2;1010;Wien;AT;111111;0;;ja;;;;;',
].join('\n')

/** The transactions export (XLSX). */
export async function svTransactionsXlsx(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Buchungen')
  sheet.addRow(['beitragskontonummer', 'buchungsDatum', 'wertstellungsDatum', 'buchungstext', 'beitragszeitraum', 'soll', 'haben', 'buchungszustand'])
  sheet.addRow(['1234567', '2026-09-15', '2026-09-15', 'Beiträge 08/2026', '2026-08', '1250,40', '', ''])
  sheet.addRow(['1234567', '2026-10-20', '2026-10-20', 'Mahnung', '2026-08', '', '', 'MA'])
  sheet.addRow(['1234567', '2026-08-14', '2026-08-14', 'Zahlung', '2026-07', '', '1100,00', ''])
  sheet.addRow(['0012345678', '2026-09-15', '2026-09-16', 'Gutschrift', '2026-08', '', '80,00', 'RV'])
  return new Uint8Array(await workbook.xlsx.writeBuffer())
}

/** The authorizations export (CSV, commas). */
export function svAuthorizationsCsv(): string {
  return [
    'beitragskontonummer,bevollmaechtigter,bevollmaechtigterName,bezeichnung,einsicht_kontoinformationen,einsicht_clearing_faelle,vollmacht_name,vollmacht_postort,gueltig_bis',
    `0012345678,StB-4711,Steuerberatung Muster KG,Vollmacht Beitragskonto,ja,nein,Steuerberatung Muster KG,Wien,${inDays(10)}`,
    `1234567,StB-4711,Steuerberatung Muster KG,Vollmacht Beitragskonto,ja,ja,Steuerberatung Muster KG,Wien,${inDays(400)}`,
  ].join('\n')
}
