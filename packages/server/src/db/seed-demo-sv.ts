import type { SvImportKind } from '@portal/sdk/domain'
import { importSvFile } from '../commands/importSvFile'
import { insertSvImport } from '../models/sv-imports'
import { DEMO_COMPANIES } from './seed-demo-data'
import { austrianIban } from './seed-demo-ids'
import { addDays } from './seed-demo-ledger-files'
import { daysAgo, type DemoScreenContext } from './seed-demo-context'

/** The health insurer's account that receives the contributions (ÖGK, one per demo account's state office). */
const OEGK_IBAN = austrianIban('60000', '7104019')

/** A contribution period (YYYY-MM) `months` before today's month. */
function period(today: string, months: number): string {
  const date = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 - months, 1))
  return date.toISOString().slice(0, 7)
}

/**
 * The contribution-account tool's demo (issue 38): the firm's export of three clients' ÖGK accounts, their last
 * months of contributions and payments (one reminded, one in credit) and the firm's authorizations, imported as the
 * tool imports the three files.
 */
export async function seedDemoSv(context: DemoScreenContext): Promise<void> {
  const { today } = context
  const company = (companyNo: number) => DEMO_COMPANIES.find((entry) => entry.company_no === companyNo)!
  const accounts = [
    'beitragskontonummer;partner_name;kassa_mandant;partner_strasse_hausnummer;partner_postleitzahl;partner_postort;partner_land;partner_dgnr;saldo;verzugszinsatz_pro_jahr;ksb_automatische_zustellung_aktiv;gueltig_ab;sepa_iban;klient;empfaenger_iban;empfaenger_name',
    `4712031;${company(1001).company_name};ÖGK Tirol;Maria-Theresien-Straße 18;6020;Innsbruck;AT;2317465;1.286,55;4,63;ja;1.3.2019;${company(1001).iban};1001;${OEGK_IBAN};Österreichische Gesundheitskasse`,
    `3308154;${company(1002).company_name};ÖGK Steiermark;Annenstraße 24;8020;Graz;AT;1845290;0;4,63;ja;1.1.2015;${company(1002).iban};1002;${OEGK_IBAN};Österreichische Gesundheitskasse`,
    `0012876543;${company(1006).company_name};ÖGK Wien;Wiedner Hauptstraße 7;1040;Wien;AT;4021877;-112,30;4,63;nein;1.6.2021;;1006;${OEGK_IBAN};Österreichische Gesundheitskasse`,
  ].join('\n')
  const row = (account: string, booked: string, text: string, months: number, debit: string, credit: string, state = '') =>
    `${account};${booked};${booked};${text};${period(today, months)};${debit};${credit};${state}`
  // Contributions of a period are booked on the 15th of the month after it; not after yesterday.
  const booked = (months: number) => {
    const date = `${period(today, months - 1)}-15`
    return date < today ? date : daysAgo(context, 1)
  }
  const transactions = [
    'beitragskontonummer;buchungsDatum;wertstellungsDatum;buchungstext;beitragszeitraum;soll;haben;buchungszustand',
    row('4712031', booked(3), `Beiträge ${period(today, 3).slice(5)}/${period(today, 3).slice(0, 4)}`, 3, '1286,55', ''),
    row('4712031', booked(2), 'Zahlung', 3, '', '1286,55'),
    row('4712031', booked(2), `Beiträge ${period(today, 2).slice(5)}/${period(today, 2).slice(0, 4)}`, 2, '1286,55', ''),
    row('4712031', daysAgo(context, 4), 'Mahnung', 2, '', '', 'MA'),
    row('3308154', booked(2), `Beiträge ${period(today, 2).slice(5)}/${period(today, 2).slice(0, 4)}`, 2, '842,10', ''),
    row('3308154', booked(1), 'Zahlung SEPA-Lastschrift', 2, '', '842,10'),
    row('0012876543', booked(2), 'Gutschrift Beitragsgrundlagenkorrektur', 2, '', '112,30', 'RV'),
  ].join('\n')
  const until = addDays(today, 400)
  const authorizations = [
    'beitragskontonummer,bevollmaechtigter,bevollmaechtigterName,bezeichnung,einsicht_kontoinformationen,einsicht_clearing_faelle,vollmacht_name,vollmacht_postort,gueltig_bis',
    `4712031,StB-4711,Kanzlei Huber & Partner Steuerberatung GmbH,Vollmacht Beitragskonto,ja,ja,Kanzlei Huber & Partner,Wien,${until}`,
    `3308154,StB-4711,Kanzlei Huber & Partner Steuerberatung GmbH,Vollmacht Beitragskonto,ja,nein,Kanzlei Huber & Partner,Wien,${addDays(today, 10)}`,
  ].join('\n')
  await importDemoFile(context, 'accounts', 'beitragskonten.csv', accounts)
  await importDemoFile(context, 'transactions', 'buchungen.csv', transactions)
  await importDemoFile(context, 'authorizations', 'vollmachten.csv', authorizations)
}

/** One file through the import's own steps: recorded with its content, then imported (here at once, not by the job). */
async function importDemoFile(context: DemoScreenContext, kind: SvImportKind, fileName: string, content: string): Promise<void> {
  const bytes = new TextEncoder().encode(content)
  const entry = await insertSvImport(context.app.get('knex'), { kind, fileName, actor: context.actor, content: bytes, rows: content.split('\n').length - 1 })
  await importSvFile({ app: context.app, importId: entry.id })
}
