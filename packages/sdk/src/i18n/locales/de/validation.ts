import type { validation as en } from '../en/validation'
import type { Translation } from '../../types'

/** Form validation messages of §5 (German). */
export const validation: Translation<typeof en> = {
  required: 'Dieses Feld ist erforderlich',
  notEmpty: 'Dieses Feld darf nicht leer sein',
  email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  number: 'Bitte geben Sie eine Zahl ein',
  integer: 'Bitte geben Sie eine ganze Zahl ein',
  capitalLetters: 'Nur Großbuchstaben sind erlaubt',
  maxLength: 'Höchstens {{max}} Zeichen sind erlaubt',
  minLength: 'Mindestens {{min}} Zeichen sind erforderlich',
  pattern: 'Der Wert hat nicht das erwartete Format',
  passwordsMatch: 'Die Passwörter stimmen nicht überein',
  sixDigits: 'Bitte geben Sie genau 6 Ziffern ein',
  iban: 'Bitte geben Sie einen gültigen IBAN ein',
  vatId: {
    empty: 'Bitte geben Sie eine UID-Nummer ein',
    format: 'Die UID-Nummer hat ein ungültiges Format; sie beginnt mit einem zweistelligen Ländercode',
    invalidForCountry: 'Ungültiges UID-Format für Ländercode {{country}} und Nummer {{number}}',
    checkFailed: 'Die Prüfung der UID-Nummer ist fehlgeschlagen; bitte kontrollieren Sie die Nummer',
    unknownError: 'Die UID-Nummer konnte wegen eines unbekannten Fehlers nicht geprüft werden',
    countryMismatch: 'Diese UID-Nummer ist für das gewählte Land {{country}} nicht gültig',
  },
  taxAmountMismatch: 'Der Steuerbetrag {{actual}} stimmt nicht mit dem berechneten Betrag {{expected}} überein',
  totalsMismatch: 'Die Beträge ergeben {{sum}} statt der Gesamtsumme {{total}}',
  customerAccount: 'Kundenkonten liegen im Bereich {{min}} bis {{max}}',
  supplierAccount: 'Lieferantenkonten liegen außerhalb des Bereichs {{min}} bis {{max}}',
  date: 'Bitte geben Sie ein gültiges Datum im Format JJJJ-MM-TT ein',
  currency: 'Bitte geben Sie einen dreistelligen Währungscode wie EUR ein',
  amount: 'Bitte geben Sie einen Betrag mit höchstens zwei Nachkommastellen ein',
  boolean: 'Bitte antworten Sie mit ja (true) oder nein (false)',
  choice: 'Bitte wählen Sie eines von: {{options}}',
  period: 'Bitte geben Sie einen Zeitraum als JJJJ-MM ein',
  taxLines: 'Bitte geben Sie die Steuerzeilen als Liste aus Bemessungsgrundlage, Steuersatz und Steuer ein',
  accountNumber: 'Bitte geben Sie eine Kontonummer (eine ganze Zahl) ein',
  document: {
    nameRequired: 'Der Name muss mindestens 1 Zeichen lang sein',
    selectClient: 'Bitte wählen Sie einen Klienten aus',
    selectGroup: 'Bitte wählen Sie eine Belegart aus',
    selectPages: 'Bitte wählen Sie mindestens eine Seite aus',
    oneInvoicePerPdf: 'Pro PDF-Datei ist nur eine Rechnung erlaubt',
  },
  rpa: {
    nameRequired: 'Ein Name ist erforderlich',
    vatIdExists: 'Diese UID-Nummer ist in der RPA-Datenbank bereits vorhanden',
  },
}
