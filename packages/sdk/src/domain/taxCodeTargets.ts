/**
 * How each of the portal's tax codes (taxCodes.ts) is written in the firm's accounting system: the BMD NTCS
 * `steuercode` of the booking import and the DATEV `BU-Schlüssel` of the EXTF Buchungsstapel (DATEV Rechnungswesen
 * Österreich, SKR07 keys). The ERP export reads a code's target through `resolveTaxCodeTargets`, i.e. these defaults
 * with the firm's own overrides (service tax-codes) laid over them.
 *
 * Where the values come from (marked per line below):
 * - [BMD doc] BMD's booking import description (ImportBuchungen / "BuErf Import"), as third-party interfaces that follow
 *   it quote it: outgoing 1 (domestic), 7, 17, 27 (§19 construction), 77; incoming 9, 19, 59, 79; buchcode 1 = Soll,
 *   2 = Haben.
 * - [DATEV doc] DATEV's Austrian keys (SKR07 key table; Austrian firms' BU lists): Vorsteuer 9 = 20 %, 8 = 10 %,
 *   6 = 13 %; intra-community acquisition 19 = 20 %, 18 = 10 %, 16 = 13 %; 11 = tax-free with input tax deduction (EU);
 *   94 = §19 UStG recipient owes the tax, 20 % Vorsteuer and 20 % Umsatzsteuer; 46 = the supplier's side of §19.
 * - [default] our default where the vendors leave the choice to the firm's chart of accounts (no tax key at all, or a
 *   key that depends on how the firm set up its tax accounts). A firm whose BMD or DATEV is set up differently
 *   changes these in the tax code table (adm); docs/accounts.md lists every line.
 *
 * Value format: both targets are strings of digits as written into the file. BMD steuercode 0–99 ('0' = no tax);
 * DATEV BU-Schlüssel 0–9999, '' = the column stays empty (DATEV books without a tax key, e.g. onto an automatic
 * account or the import VAT account).
 */
import type { TaxSide } from './taxCodes'

/** One internal tax code with its codes in the target systems. */
export interface TaxCodeTarget {
  /** The portal's code, e.g. 'V20' (taxCodes.ts). */
  code: string
  /** BMD NTCS `steuercode` column, digits 0–99. */
  bmdSteuercode: string
  /** DATEV EXTF `BU-Schlüssel` column, digits 0–9999, or '' for none. */
  datevBu: string
}

/** Where a default target comes from: the vendor's published description, or our choice where it leaves one. */
export type TaxCodeTargetSource = 'vendor' | 'default'

/** A default line of the table with the source of each of its two values. */
export interface DefaultTaxCodeTarget extends TaxCodeTarget {
  bmdSource: TaxCodeTargetSource
  datevSource: TaxCodeTargetSource
}

/** A firm's change to one code's targets; what it leaves out keeps the default. */
export interface TaxCodeTargetOverride {
  code: string
  bmdSteuercode?: string | null
  datevBu?: string | null
}

/** The documented default table, one line per internal tax code, in the order of TAX_CODES. */
export const DEFAULT_TAX_CODE_TARGETS: readonly DefaultTaxCodeTarget[] = [
  // Incoming invoices (Vorsteuer).
  { code: 'V20', bmdSteuercode: '2', datevBu: '9', bmdSource: 'default', datevSource: 'vendor' }, // BMD [default: Vorsteuer], DATEV [DATEV doc]
  { code: 'V13', bmdSteuercode: '2', datevBu: '6', bmdSource: 'default', datevSource: 'vendor' }, // BMD [default: Vorsteuer, rate in `prozent`], DATEV [DATEV doc]
  { code: 'V10', bmdSteuercode: '2', datevBu: '8', bmdSource: 'default', datevSource: 'vendor' }, // BMD [default: Vorsteuer, rate in `prozent`], DATEV [DATEV doc]
  { code: 'V0', bmdSteuercode: '0', datevBu: '', bmdSource: 'default', datevSource: 'default' }, // [default] no tax, no key
  { code: 'VRC20', bmdSteuercode: '19', datevBu: '94', bmdSource: 'vendor', datevSource: 'vendor' }, // BMD [BMD doc: §19 reverse charge], DATEV [DATEV doc]
  { code: 'VIG20', bmdSteuercode: '9', datevBu: '19', bmdSource: 'vendor', datevSource: 'vendor' }, // BMD [BMD doc: ig. Erwerb], DATEV [DATEV doc]
  { code: 'VIG10', bmdSteuercode: '9', datevBu: '18', bmdSource: 'vendor', datevSource: 'vendor' }, // BMD [BMD doc: ig. Erwerb, rate in `prozent`], DATEV [DATEV doc]
  { code: 'VEU20', bmdSteuercode: '2', datevBu: '', bmdSource: 'default', datevSource: 'default' }, // [default] import VAT booked as Vorsteuer; DATEV onto the EUSt account
  { code: 'VKU', bmdSteuercode: '0', datevBu: '', bmdSource: 'default', datevSource: 'default' }, // [default] small business supplier: no tax
  // [default] foreign VAT is no Austrian input tax: the gross is the cost, booked without a tax code or key.
  { code: 'VAUS', bmdSteuercode: '0', datevBu: '', bmdSource: 'default', datevSource: 'default' },
  // Outgoing invoices (Umsatzsteuer).
  { code: 'U20', bmdSteuercode: '1', datevBu: '3', bmdSource: 'vendor', datevSource: 'default' }, // BMD [BMD doc], DATEV [default: USt 20 % in the 9/8/6 scheme]
  { code: 'U13', bmdSteuercode: '1', datevBu: '4', bmdSource: 'vendor', datevSource: 'default' }, // BMD [BMD doc, rate in `prozent`], DATEV [default: USt 13 %]
  { code: 'U10', bmdSteuercode: '1', datevBu: '2', bmdSource: 'vendor', datevSource: 'default' }, // BMD [BMD doc, rate in `prozent`], DATEV [default: USt 10 %]
  { code: 'U0', bmdSteuercode: '0', datevBu: '', bmdSource: 'default', datevSource: 'default' }, // [default] tax-exempt without input tax deduction
  { code: 'URC', bmdSteuercode: '27', datevBu: '46', bmdSource: 'vendor', datevSource: 'vendor' }, // BMD [BMD doc: §19 construction], DATEV [DATEV doc]
  { code: 'UIG', bmdSteuercode: '17', datevBu: '11', bmdSource: 'vendor', datevSource: 'vendor' }, // BMD [BMD doc: ig. Lieferung], DATEV [DATEV doc]
  { code: 'UEX', bmdSteuercode: '7', datevBu: '1', bmdSource: 'vendor', datevSource: 'default' }, // BMD [BMD doc: Ausfuhr], DATEV [default: tax-free with deduction]
  { code: 'UKU', bmdSteuercode: '0', datevBu: '', bmdSource: 'default', datevSource: 'default' }, // [default] small business: no tax
]

/** BMD `buchcode`: 1 = Soll (debit), 2 = Haben (credit) [BMD doc]. */
export const BMD_BUCHCODE = { debit: '1', credit: '2' } as const

/**
 * The BMD `buchcode` of the partner line: an outgoing invoice debits the customer (1), an incoming one credits the
 * supplier (2). BMD then expects `betrag` (gross) with the sign of that side and `steuer` with the opposite sign
 * (a credit note swaps both) — the export owns the amounts; this only names the side.
 */
export function bmdBuchcodeOfSide(side: TaxSide): (typeof BMD_BUCHCODE)[keyof typeof BMD_BUCHCODE] {
  return side === 'output' ? BMD_BUCHCODE.debit : BMD_BUCHCODE.credit
}

/** Digits 0–99, as BMD reads `steuercode`. */
export function isBmdSteuercode(value: string): boolean {
  return /^\d{1,2}$/.test(value)
}

/** Digits 0–9999, or '' for no key, as DATEV reads `BU-Schlüssel`. */
export function isDatevBu(value: string): boolean {
  return /^\d{0,4}$/.test(value)
}

/**
 * The table the export uses: every default line, with the firm's override for a code laid over it field by field
 * (a null or missing field keeps the default). Overrides for codes the portal does not know are ignored; the order
 * stays that of TAX_CODES.
 */
export function resolveTaxCodeTargets(
  defaults: readonly DefaultTaxCodeTarget[],
  overrides: readonly TaxCodeTargetOverride[],
): TaxCodeTarget[] {
  const byCode = new Map(overrides.map((override) => [override.code, override]))
  return defaults.map((line) => {
    const override = byCode.get(line.code)
    return {
      code: line.code,
      bmdSteuercode: override?.bmdSteuercode ?? line.bmdSteuercode,
      datevBu: override?.datevBu ?? line.datevBu,
    }
  })
}

/** The default line of `code`, or undefined when it is not one of the portal's codes. */
export function defaultTaxCodeTarget(code: string): DefaultTaxCodeTarget | undefined {
  return DEFAULT_TAX_CODE_TARGETS.find((line) => line.code === code)
}

