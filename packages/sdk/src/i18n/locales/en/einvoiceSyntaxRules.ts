/** English texts of CEN's syntax rules of EN 16931 (UBL-SR-…, CII-SR-…), part of `documents:einvoice.rules`. */
export const einvoiceSyntaxRules = {
  'UBL-SR-05': 'The payment terms (BT-20) are given more than once (more than one PaymentTerms note); EN 16931 allows one text.',
  'UBL-SR-08': 'The invoicing period (BG-14) is given more than once.',
  'UBL-SR-09': 'The seller\u2019s name (BT-27) is given more than once.',
  'UBL-SR-15': 'The buyer\u2019s name (BT-44) is given more than once.',
  'UBL-SR-24': 'The delivery information (BG-13) is given more than once; EN 16931 allows one delivery per invoice.',
  'UBL-SR-45': 'The payment due date (BT-9) is given more than once (in several payment means).',
  'UBL-SR-47': 'The payment means name different payment means codes (BT-81); several payment means must share one code.',
  'UBL-SR-34': 'An invoice line has more than one line note (BT-127).',
  'UBL-SR-48': 'An invoice line does not have exactly one VAT category (BG-30, ClassifiedTaxCategory).',
  'UBL-SR-50': 'An invoice line has more than one item description (BT-154).',
  'CII-SR-003': 'The business process (BT-23) is given more than once.',
  'CII-SR-009': 'The specification identifier\u2019s group (GuidelineSpecifiedDocumentContextParameter) is missing or given more than once.',
  'CII-SR-010': 'The specification identifier (BT-24) is missing or given more than once.',
  'CII-SR-221': 'An invoice line holds sub-lines (IncludedSubordinateTradeLineItem), which EN 16931 does not carry: they are not read.',
} as const
