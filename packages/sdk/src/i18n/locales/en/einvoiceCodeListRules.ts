/** English texts of EN 16931's code list rules (BR-CL-…), part of `documents:einvoice.rules`. */
export const einvoiceCodeListRules = {
  'BR-CL-01': 'The invoice type code (BT-3) is not one of the invoice and credit note codes of UNTDID 1001 (e.g. 380 invoice, 381 credit note).',
  'BR-CL-03': 'An amount names a currency (currencyID) that is no ISO 4217 code (three capital letters such as EUR).',
  'BR-CL-04': 'The invoice currency code (BT-5) is no ISO 4217 code (three capital letters such as EUR).',
  'BR-CL-05': 'The VAT accounting currency code (BT-6) is no ISO 4217 code (three capital letters such as EUR).',
  'BR-CL-14': 'A country code (BT-40, BT-55, BT-80) is no ISO 3166-1 two-letter code (e.g. AT, DE; the United Kingdom is GB).',
  'BR-CL-15': 'An item\u2019s country of origin (BT-159) is no ISO 3166-1 two-letter code.',
  'BR-CL-16': 'A payment means code (BT-81) is not in the UNCL 4461 list (e.g. 30 credit transfer, 58 SEPA credit transfer, 59 SEPA direct debit).',
  'BR-CL-17': 'A VAT category code of the breakdown, an allowance or a charge (BT-118, BT-95, BT-102) is not one of S, Z, E, AE, K, G, O, L, M, B (UNCL 5305).',
  'BR-CL-18': 'An invoice line\u2019s VAT category code (BT-151) is not one of S, Z, E, AE, K, G, O, L, M, B (UNCL 5305).',
  'BR-CL-22': 'A VAT exemption reason code (BT-121) is no VATEX code (such as VATEX-EU-132-1A or VATEX-EU-IC).',
  'BR-CL-23': 'A line\u2019s unit code (BT-130) is no UN/ECE Recommendation 20/21 code (two or three capital letters or digits, e.g. C62 piece, HUR hour).',
} as const
