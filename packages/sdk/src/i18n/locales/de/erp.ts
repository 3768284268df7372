import type { erp as en } from '../en/erp'
import type { Translation } from '../../types'

/** Deutsche Texte des ERP-Exports: Formate, Stapelstatus, Ablehnungen vor dem Export, Importergebnisse, Fehler. */
export const erp: Translation<typeof en> = {
  format: {
    bmd: 'BMD NTCS',
    datev: 'DATEV (EXTF-Buchungsstapel)',
    csv: 'Neutrales CSV',
    json: 'Neutrales JSON',
  },
  status: {
    exported: 'Exportiert',
    imported: 'Importiert',
    revoked: 'Storniert',
  },
  itemStatus: {
    pending: 'Wartet auf das ERP',
    imported: 'Importiert',
    error: 'ERP-Fehler',
    info: 'ERP-Hinweis',
  },
  refusal: {
    missingAccount: 'Buchung {{bookingNo}} (Beleg {{documentId}}) hat kein Lieferanten- oder Kundenkonto.',
    missingCounterAccount: 'Buchung {{bookingNo}} (Beleg {{documentId}}) hat kein Aufwands- oder Erlöskonto.',
    taxMismatch: 'Buchung {{bookingNo}} (Beleg {{documentId}}): Die Steuerzeilen gehen nicht auf ({{detail}}).',
    unknownTaxCode: 'Buchung {{bookingNo}} (Beleg {{documentId}}): Steuercode {{taxCode}} hat keinen Code in {{format}}. Tragen Sie ihn in der Steuercode-Tabelle ein.',
    periodClosed: 'Buchung {{bookingNo}} (Beleg {{documentId}}) liegt in der Periode {{period}}, die im ERP abgeschlossen ist (abgeschlossen bis {{closedThrough}}).',
    alreadyExported: 'Buchung {{bookingNo}} (Beleg {{documentId}}) ist bereits im Exportstapel {{batchId}}. Stornieren Sie diesen Stapel, um sie erneut zu exportieren.',
    missingExchangeRate: 'Buchung {{bookingNo}} (Beleg {{documentId}}) ist in {{currency}}, hat aber keinen Kurs.',
    missingDatevNumbers: 'DATEV braucht die Beraternummer und die Mandantennummer der Firma {{companyNo}}. Tragen Sie sie in den ERP-Einstellungen der Firma ein.',
  },
  error: {
    batchRefused: 'Der Export wurde abgelehnt: {{count}} Buchung(en) wären falsch. Korrigieren Sie sie oder lassen Sie sie weg und exportieren Sie erneut.',
    nothingToExport: 'Für die Firma {{companyNo}} gibt es in diesem Zeitraum keinen gebuchten Beleg mehr zu exportieren.',
    batchNotFound: 'Den Exportstapel {{id}} gibt es nicht oder Sie dürfen ihn nicht sehen.',
    batchRevoked: 'Der Exportstapel {{id}} ist storniert.',
    batchImported: 'Der Exportstapel {{id}} wurde ins ERP importiert und kann nicht mehr storniert werden.',
    rangeRequired: 'Geben Sie entweder eine Periode (JJJJ-MM) oder einen Zeitraum (von und bis) an.',
    datevOneYear: 'Ein DATEV-Stapel umfasst ein Wirtschaftsjahr: {{from}} und {{to}} liegen in verschiedenen. Exportieren Sie jedes Jahr für sich.',
    rangeOrder: 'Das Anfangsdatum {{from}} liegt nach dem Enddatum {{to}}.',
    resultHeader: 'Die Importergebnis-Datei konnte in Zeile {{line}} nicht gelesen werden: Die erste Zeile muss die Spalten belegnr (oder booking_no) und status nennen, meldung (oder message) ist möglich.',
    resultStatus: 'Die Importergebnis-Datei konnte in Zeile {{line}} nicht gelesen werden: Status „{{status}}“ ist weder ok noch error noch info.',
    resultNumber: 'Die Importergebnis-Datei konnte in Zeile {{line}} nicht gelesen werden: „{{value}}“ ist keine Buchungsnummer.',
  },
}
