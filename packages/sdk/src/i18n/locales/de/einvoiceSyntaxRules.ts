/** German texts of CEN's syntax rules of EN 16931 (UBL-SR-…, CII-SR-…), part of `documents:einvoice.rules`. */
export const einvoiceSyntaxRules = {
  'UBL-SR-05': 'Die Zahlungsbedingungen (BT-20) stehen mehrfach in der Rechnung (mehr als ein PaymentTerms-Text); EN 16931 erlaubt einen Text.',
  'UBL-SR-08': 'Der Abrechnungszeitraum (BG-14) ist mehrfach angegeben.',
  'UBL-SR-09': 'Der Name des Verkäufers (BT-27) ist mehrfach angegeben.',
  'UBL-SR-15': 'Der Name des Käufers (BT-44) ist mehrfach angegeben.',
  'UBL-SR-24': 'Die Lieferinformationen (BG-13) sind mehrfach angegeben; EN 16931 erlaubt eine Lieferung je Rechnung.',
  'UBL-SR-45': 'Das Fälligkeitsdatum (BT-9) ist mehrfach angegeben (in mehreren Zahlungsarten).',
  'UBL-SR-47': 'Die Zahlungsarten nennen verschiedene Codes (BT-81); mehrere Zahlungsanweisungen müssen denselben Code tragen.',
  'UBL-SR-34': 'Eine Rechnungsposition hat mehr als eine Positionsbemerkung (BT-127).',
  'UBL-SR-48': 'Eine Rechnungsposition hat nicht genau eine Umsatzsteuerkategorie (BG-30, ClassifiedTaxCategory).',
  'UBL-SR-50': 'Eine Rechnungsposition hat mehr als eine Artikelbeschreibung (BT-154).',
  'CII-SR-003': 'Die Prozesskennung (BT-23) ist mehrfach angegeben.',
  'CII-SR-009': 'Die Gruppe der Spezifikationskennung (GuidelineSpecifiedDocumentContextParameter) fehlt oder ist mehrfach angegeben.',
  'CII-SR-010': 'Die Spezifikationskennung (BT-24) fehlt oder ist mehrfach angegeben.',
  'CII-SR-221': 'Eine Rechnungsposition enthält Unterpositionen (IncludedSubordinateTradeLineItem), die EN 16931 nicht kennt: sie werden nicht gelesen.',
} as const
