/**
 * The portal's tax codes for Austrian practice (UStG 1994): one code per side (input tax on incoming invoices,
 * output tax on outgoing ones), tax case and rate. A booking line carries one of these codes; the ERP export maps it
 * to the target system's own code (BMD steuercode, DATEV BU-Schlüssel) through the firm's table.
 */

/** Which tax a code books: Vorsteuer on incoming invoices (ER, KA), Umsatzsteuer on outgoing ones (AR). */
export type TaxSide = 'input' | 'output'

/** The legal case behind a code. */
export const TaxCase = {
  /** Domestic supply with Austrian VAT (§10 UStG: 20 %, 13 %, 10 %). */
  domestic: 'domestic',
  /** Tax-exempt or no tax shown (0 %), e.g. §6 UStG exemptions. */
  exempt: 'exempt',
  /** Reverse charge, the recipient owes the tax (§19 UStG: construction, EU services, scrap …). */
  reverseCharge: 'reverseCharge',
  /** Intra-community acquisition of goods (Art. 1 UStG Binnenmarktregelung): tax owed and deducted at once. */
  intraCommunityAcquisition: 'intraCommunityAcquisition',
  /** Import VAT paid at customs (Einfuhrumsatzsteuer, §12 Abs. 1 Z 2 UStG). */
  import: 'import',
  /** Small business (Kleinunternehmer, §6 Abs. 1 Z 27 UStG): no VAT charged or deducted. */
  smallBusiness: 'smallBusiness',
  /** Tax-free intra-community supply of goods (Art. 6 Abs. 1 UStG BMR). */
  intraCommunitySupply: 'intraCommunitySupply',
  /** Tax-free export to a third country (§6 Abs. 1 Z 1, §7 UStG). */
  export: 'export',
  /**
   * VAT of another country on an incoming invoice (a German hotel, a fair in Italy): not Austrian input tax (§12 UStG
   * deducts only the tax of §1 UStG), so the whole gross is the cost; the firm reclaims it abroad, if at all, in the EU
   * refund procedure, outside the Austrian return.
   */
  foreignVat: 'foreignVat',
} as const

/** One tax case. */
export type TaxCase = (typeof TaxCase)[keyof typeof TaxCase]

/** A tax code of the portal's default table. */
export interface TaxCodeDefinition {
  /** Stable code stored on bookings, e.g. 'V20'. */
  code: string
  side: TaxSide
  case: TaxCase
  /** Rate in percent as written on the invoice. */
  rate: number
  /**
   * True when the invoice shows no tax but the booking still computes it at `rate` (reverse charge, intra-community
   * acquisition): the tax line's amount is then the computed tax, owed and deducted in the same booking.
   */
  selfAssessed: boolean
}

/** The default tax codes, incoming first, then outgoing; the order pickers show them in. */
export const TAX_CODES: readonly TaxCodeDefinition[] = [
  { code: 'V20', side: 'input', case: TaxCase.domestic, rate: 20, selfAssessed: false },
  { code: 'V13', side: 'input', case: TaxCase.domestic, rate: 13, selfAssessed: false },
  { code: 'V10', side: 'input', case: TaxCase.domestic, rate: 10, selfAssessed: false },
  { code: 'V0', side: 'input', case: TaxCase.exempt, rate: 0, selfAssessed: false },
  { code: 'VRC20', side: 'input', case: TaxCase.reverseCharge, rate: 20, selfAssessed: true },
  { code: 'VIG20', side: 'input', case: TaxCase.intraCommunityAcquisition, rate: 20, selfAssessed: true },
  { code: 'VIG10', side: 'input', case: TaxCase.intraCommunityAcquisition, rate: 10, selfAssessed: true },
  { code: 'VEU20', side: 'input', case: TaxCase.import, rate: 20, selfAssessed: false },
  { code: 'VKU', side: 'input', case: TaxCase.smallBusiness, rate: 0, selfAssessed: false },
  { code: 'VAUS', side: 'input', case: TaxCase.foreignVat, rate: 0, selfAssessed: false },
  { code: 'U20', side: 'output', case: TaxCase.domestic, rate: 20, selfAssessed: false },
  { code: 'U13', side: 'output', case: TaxCase.domestic, rate: 13, selfAssessed: false },
  { code: 'U10', side: 'output', case: TaxCase.domestic, rate: 10, selfAssessed: false },
  { code: 'U0', side: 'output', case: TaxCase.exempt, rate: 0, selfAssessed: false },
  { code: 'URC', side: 'output', case: TaxCase.reverseCharge, rate: 0, selfAssessed: false },
  { code: 'UIG', side: 'output', case: TaxCase.intraCommunitySupply, rate: 0, selfAssessed: false },
  { code: 'UEX', side: 'output', case: TaxCase.export, rate: 0, selfAssessed: false },
  { code: 'UKU', side: 'output', case: TaxCase.smallBusiness, rate: 0, selfAssessed: false },
]

/** Every default tax code. */
export const TAX_CODE_VALUES: readonly string[] = TAX_CODES.map((definition) => definition.code)

/** The definition of `code`, or undefined when it is not one of the portal's codes. */
export function taxCodeDefinition(code: string): TaxCodeDefinition | undefined {
  return TAX_CODES.find((definition) => definition.code === code)
}

/** The side a document kind books: outgoing invoices (AR) carry output tax, everything else input tax. */
export function taxSideOfDocumentType(documentType: string): TaxSide {
  return documentType === 'AR' ? 'output' : 'input'
}

/**
 * The usual code for a rate on one side: domestic for 20/13/10, exempt for 0; a small business (Kleinunternehmer)
 * books without tax whatever the rate. Undefined for a rate no domestic code has.
 */
export function defaultTaxCode(side: TaxSide, rate: number, options: { smallBusiness?: boolean } = {}): string | undefined {
  if (options.smallBusiness) return side === 'input' ? 'VKU' : 'UKU'
  const wantedCase = rate === 0 ? TaxCase.exempt : TaxCase.domestic
  return TAX_CODES.find((definition) => definition.side === side && definition.case === wantedCase && definition.rate === rate)
    ?.code
}

/** i18n key (namespace domain) of a tax code's name, e.g. 'Input tax 20 %' / 'Vorsteuer 20 %'. */
export function taxCodeNameKey(code: string): `domain:taxCode.${string}` {
  return `domain:taxCode.${code}`
}
