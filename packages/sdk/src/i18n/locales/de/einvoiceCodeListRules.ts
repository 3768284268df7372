/** German texts of EN 16931's code list rules (BR-CL-…), part of `documents:einvoice.rules`. */
export const einvoiceCodeListRules = {
  'BR-CL-01': 'Der Code der Rechnungsart (BT-3) ist keiner der Rechnungs- und Gutschriftcodes aus UNTDID 1001 (z. B. 380 Rechnung, 381 Gutschrift).',
  'BR-CL-03': 'Ein Betrag nennt eine Währung (currencyID), die kein ISO-4217-Code ist (drei Großbuchstaben wie EUR).',
  'BR-CL-04': 'Der Code der Rechnungswährung (BT-5) ist kein ISO-4217-Code (drei Großbuchstaben wie EUR).',
  'BR-CL-05': 'Der Code der Umsatzsteuer-Buchungswährung (BT-6) ist kein ISO-4217-Code (drei Großbuchstaben wie EUR).',
  'BR-CL-14': 'Ein Ländercode (BT-40, BT-55, BT-80) ist kein zweistelliger Code nach ISO 3166-1 (z. B. AT, DE; das Vereinigte Königreich ist GB).',
  'BR-CL-15': 'Das Ursprungsland eines Artikels (BT-159) ist kein zweistelliger Code nach ISO 3166-1.',
  'BR-CL-16': 'Ein Code der Zahlungsart (BT-81) steht nicht in der Liste UNCL 4461 (z. B. 30 Überweisung, 58 SEPA-Überweisung, 59 SEPA-Lastschrift).',
  'BR-CL-17': 'Ein Umsatzsteuer-Kategoriecode der Aufschlüsselung, eines Nachlasses oder Zuschlags (BT-118, BT-95, BT-102) ist keiner von S, Z, E, AE, K, G, O, L, M, B (UNCL 5305).',
  'BR-CL-18': 'Der Umsatzsteuer-Kategoriecode einer Rechnungsposition (BT-151) ist keiner von S, Z, E, AE, K, G, O, L, M, B (UNCL 5305).',
  'BR-CL-22': 'Ein Code des Befreiungsgrunds (BT-121) ist kein VATEX-Code (wie VATEX-EU-132-1A oder VATEX-EU-IC).',
  'BR-CL-23': 'Der Code der Mengeneinheit einer Position (BT-130) ist kein Code nach UN/ECE-Empfehlung 20/21 (zwei oder drei Großbuchstaben oder Ziffern, z. B. C62 Stück, HUR Stunde).',
} as const
