/**
 * The rules of booking a confirmed document (issue 12), pure and shared: the server refuses with them, the web checks
 * a booking with them as it is typed. Amounts are decimal strings ('1234.56', negative for credit notes) and are
 * computed in whole cents, so sums agree to the cent.
 */
import { accountKind } from './accounts'
import { SettlementKind } from './review'
import { TaxCase, taxCodeDefinition, type TaxSide } from './taxCodes'

/** One broken booking rule: the field it concerns, the i18n key (namespace booking) and its parameters. */
export interface BookingIssue {
  field: string
  key: string
  params: Record<string, string | number>
}

/** A tax line as a person enters it: the tax code and one amount, net or gross by the company's setting. */
export interface BookingLineInput {
  taxCode: string
  amount: string
}

/** A computed tax line as a booking stores it (the bookings table's `lines`); decimals with two places. */
export interface BookedLine {
  taxCode: string
  rate: string
  net: string
  tax: string
  /**
   * The part of the invoice's gross total. For a self-assessed code (reverse charge, intra-community acquisition)
   * the invoice shows no tax: gross equals net and `tax` is the tax owed and deducted in the same booking.
   */
  gross: string
}

/** What the booking rules need to know of the document and the company. */
export interface BookingContext {
  /** Input tax (ER, KA) or output tax (AR). */
  side: TaxSide
  /** Company setting: a small business (Kleinunternehmer) deducts no input tax and charges no VAT. */
  smallBusiness: boolean
  /** Company setting: the amounts entered per line are gross (Bruttobuchung), else net (Nettobuchung). */
  useGrossAmounts: boolean
  /** The document's totals as confirmed; net and tax may be missing (then only gross is checked). */
  totals: { net: string | null; tax: string | null; gross: string }
}

const AMOUNT = /^-?\d{1,13}(\.\d{1,2})?$/

/** Cents of a decimal amount ('12.5' → 1250), or undefined when it is not an amount with at most two decimals. */
export function toCents(value: string): number | undefined {
  const trimmed = value.trim()
  if (!AMOUNT.test(trimmed)) return undefined
  const negative = trimmed.startsWith('-')
  const [whole, fraction = ''] = trimmed.replace('-', '').split('.')
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  return negative ? -cents : cents
}

/** A cent amount as a decimal string with two places (1250 → '12.50', -5 → '-0.05'). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** Rate in hundredths of a percent (20 → 2000), so rates like 5.5 stay exact. */
const basisPoints = (rate: number): bigint => BigInt(Math.round(rate * 100))

/** Divides with rounding half away from zero (kaufmännisch gerundet), on the absolute value, keeping the sign. */
function divideHalfUp(numerator: bigint, denominator: bigint): number {
  const negative = numerator < 0n
  const abs = negative ? -numerator : numerator
  const rounded = (2n * abs + denominator) / (2n * denominator)
  return Number(negative ? -rounded : rounded)
}

/** The tax on a net amount at `rate` percent, rounded half-up to the cent. */
export function taxOfNet(netCents: number, rate: number): number {
  return divideHalfUp(BigInt(netCents) * basisPoints(rate), 10_000n)
}

/** The tax contained in a gross amount at `rate` percent (gross × rate / (100 + rate)), rounded half-up. */
export function taxInGross(grossCents: number, rate: number): number {
  const bp = basisPoints(rate)
  return divideHalfUp(BigInt(grossCents) * bp, 10_000n + bp)
}

/** The tax codes a company may book on a side: a small business only those without tax (small business, exempt). */
export function allowedTaxCase(taxCase: TaxCase, smallBusiness: boolean): boolean {
  return !smallBusiness || taxCase === TaxCase.smallBusiness || taxCase === TaxCase.exempt
}

const issue = (field: string, key: string, params: Record<string, string | number> = {}): BookingIssue => ({
  field,
  key: `booking:rule.${key}`,
  params: { field, rule: key, ...params },
})

/**
 * One entered line as booked: net and tax from the amount (net × rate, or the tax contained in a gross amount), or
 * the issue that keeps it from being booked (unknown code, the other side's code, a taxed code for a small business,
 * not an amount).
 */
export function bookLine(input: BookingLineInput, index: number, context: BookingContext): BookedLine | BookingIssue {
  const field = `lines.${index}`
  const definition = taxCodeDefinition(input.taxCode)
  if (!definition) return issue(`${field}.taxCode`, 'taxCodeUnknown', { code: input.taxCode })
  if (definition.side !== context.side) return issue(`${field}.taxCode`, 'taxCodeSide', { code: input.taxCode, side: context.side })
  if (!allowedTaxCase(definition.case, context.smallBusiness)) return issue(`${field}.taxCode`, 'smallBusinessTax', { code: input.taxCode })
  const amount = toCents(input.amount)
  if (amount === undefined) return issue(`${field}.amount`, 'amount', { value: input.amount })
  let net: number
  let tax: number
  let gross: number
  if (definition.selfAssessed) {
    // The invoice shows no tax: the amount is net and gross alike; the tax is computed, owed and deducted at once.
    net = amount
    gross = amount
    tax = taxOfNet(net, definition.rate)
  } else if (definition.case === TaxCase.foreignVat) {
    // Foreign VAT is no Austrian input tax: the amount is the invoice's gross, all of it the cost, no tax booked.
    net = amount
    gross = amount
    tax = 0
  } else if (context.useGrossAmounts) {
    gross = amount
    tax = taxInGross(gross, definition.rate)
    net = gross - tax
  } else {
    net = amount
    tax = taxOfNet(net, definition.rate)
    gross = net + tax
  }
  return { taxCode: definition.code, rate: String(definition.rate), net: formatCents(net), tax: formatCents(tax), gross: formatCents(gross) }
}

const isIssue = (value: BookedLine | BookingIssue): value is BookingIssue => 'key' in value

/** The invoice's own tax of a booked line: none for a self-assessed code (the invoice shows none). */
function invoiceTax(line: BookedLine): number {
  return taxCodeDefinition(line.taxCode)?.selfAssessed ? 0 : (toCents(line.tax) ?? 0)
}

/**
 * Books the entered lines and checks them against the document: one line per tax code, each valid, and together
 * the document's totals to the cent (gross always; net and tax when the document has them and the company deducts
 * tax: a small business books the whole gross, tax included, as its cost). Answers the lines and every issue.
 */
export function bookLines(inputs: readonly BookingLineInput[], context: BookingContext): { lines: BookedLine[]; issues: BookingIssue[] } {
  const issues: BookingIssue[] = []
  const lines: BookedLine[] = []
  if (inputs.length === 0) return { lines, issues: [issue('lines', 'linesMissing')] }
  const seen = new Set<string>()
  inputs.forEach((input, index) => {
    if (seen.has(input.taxCode)) issues.push(issue(`lines.${index}.taxCode`, 'taxCodeTwice', { code: input.taxCode }))
    seen.add(input.taxCode)
    const booked = bookLine(input, index, context)
    if (isIssue(booked)) issues.push(booked)
    else lines.push(booked)
  })
  if (issues.length > 0) return { lines, issues }
  const sum = (pick: (line: BookedLine) => number) => lines.reduce((total, line) => total + pick(line), 0)
  // The first mismatch also says what the amount fields mean here (net or gross, the company's setting) and what they
  // should add up to, so "Use gross amounts" never changes their meaning silently.
  const hint = (): Record<string, string> =>
    issues.length > 0 ? {} : { context: context.useGrossAmounts ? 'gross' : 'net', enter: wholeDocumentAmount(lines[0]!.taxCode, context) }
  const compare = (total: 'net' | 'tax' | 'gross', expected: string | null, actual: number) => {
    const cents = expected === null ? undefined : toCents(expected)
    if (cents !== undefined && cents !== actual) {
      issues.push(issue('lines', 'sumMismatch', { total, expected: formatCents(cents), actual: formatCents(actual), ...hint() }))
    }
  }
  compare('gross', context.totals.gross, sum((line) => toCents(line.gross) ?? 0))
  // Like with like: the invoice's net and tax are compared where the booking deducts its tax; a small business and a
  // line of foreign VAT book the gross, tax included, as the cost, so only the gross can match.
  const grossOnly = context.smallBusiness || lines.some((line) => taxCodeDefinition(line.taxCode)?.case === TaxCase.foreignVat)
  if (!grossOnly) {
    compare('net', context.totals.net, sum((line) => toCents(line.net) ?? 0))
    compare('tax', context.totals.tax, sum(invoiceTax))
  }
  return { lines, issues }
}

/** The side of the account a document kind books: customers (200000–299999) for AR, suppliers for ER and KA. */
export function checkAccountSide(account: number, side: TaxSide): BookingIssue | undefined {
  const wanted = side === 'output' ? 'customer' : 'supplier'
  return accountKind(account) === wanted ? undefined : issue('account', 'accountSide', { account, wanted })
}

/**
 * A final settlement deducts the down payments booked before (0 up to the gross total, same sign); the other kinds
 * deduct nothing.
 */
export function checkSettlement(settlementKind: string | null, deducted: string | null, gross: string): BookingIssue | undefined {
  if (deducted === null || deducted.trim() === '') return undefined
  if (settlementKind !== SettlementKind.final_settlement) return issue('deducted', 'deductedOnlyFinal')
  const cents = toCents(deducted)
  const total = toCents(gross) ?? 0
  if (cents === undefined) return issue('deducted', 'amount', { value: deducted })
  if (cents !== 0 && (Math.sign(cents) !== Math.sign(total) || Math.abs(cents) > Math.abs(total))) {
    return issue('deducted', 'deductedTooHigh', { deducted: formatCents(cents), gross: formatCents(total) })
  }
  return undefined
}

/** A business lunch names its reason and participants (§20 Abs. 1 Z 3 EStG: the occasion must be documented). */
export function checkBusinessLunch(lunch: { business_lunch: boolean; reason?: string | null; participants?: string | null }): BookingIssue[] {
  if (!lunch.business_lunch) return []
  const out: BookingIssue[] = []
  if (!lunch.reason?.trim()) out.push(issue('business_lunch_reason', 'lunchReason'))
  if (!lunch.participants?.trim()) out.push(issue('business_lunch_participants', 'lunchParticipants'))
  return out
}

/** What is still to pay after a final settlement's deductions. */
export function payableAfterDeduction(gross: string, deducted: string | null): string {
  return formatCents((toCents(gross) ?? 0) - (deducted ? (toCents(deducted) ?? 0) : 0))
}

/** The rates a document's totals suggest: the tax over the net, matched to the nearest rate a code has, or undefined. */
export function rateOfTotals(net: string | null, tax: string | null): number | undefined {
  const netCents = net === null ? undefined : toCents(net)
  const taxCents = tax === null ? undefined : toCents(tax)
  if (netCents === undefined || taxCents === undefined || netCents === 0) return undefined
  if (taxCents === 0) return 0
  const rate = (taxCents / netCents) * 100
  return [20, 13, 10].find((known) => Math.abs(known - rate) < 0.5)
}

/**
 * The one rate the document's tax breakdown or totals state (20 → 20 %), or undefined when it states several, none, or
 * one no tax code has.
 */
export function rateOfDocument(breakdown: readonly { rate: string }[], net: string | null, tax: string | null): number | undefined {
  const rates = [...new Set(breakdown.map((line) => Number(line.rate)))]
  if (rates.length > 1) return undefined
  if (rates.length === 1 && [20, 13, 10, 0].includes(rates[0]!)) return rates[0]
  return rateOfTotals(net, tax)
}

/**
 * True when a tax code agrees with what the document states: a self-assessed code (reverse charge, intra-community
 * acquisition) with an invoice that shows no tax, any other code with the document's rate. A document that states no
 * rate contradicts no code. History may pick the accounts, but only the document picks the rate.
 */
export function taxCodeFitsDocument(code: string, rate: number | undefined, tax: string | null): boolean {
  const definition = taxCodeDefinition(code)
  if (!definition) return false
  if (definition.selfAssessed) return tax === null || toCents(tax) === 0
  return rate === undefined || definition.rate === rate
}

/** The amount one line carries when it books the whole document: gross or net by the setting (self-assessed: gross). */
export function wholeDocumentAmount(taxCode: string, context: BookingContext): string {
  const definition = taxCodeDefinition(taxCode)
  if (definition?.selfAssessed || definition?.case === TaxCase.foreignVat || context.smallBusiness || context.useGrossAmounts || context.totals.net === null) {
    return context.totals.gross
  }
  return context.totals.net
}

/** YYYY-MM, a month of years 1900–9999. */
export function isPeriod(value: string): boolean {
  return /^(19|[2-9]\d)\d{2}-(0[1-9]|1[0-2])$/.test(value)
}

/** The negated lines of a reversal (Storno): every amount with the opposite sign. */
export function reversedLines(lines: readonly BookedLine[]): BookedLine[] {
  const negate = (value: string) => formatCents(-(toCents(value) ?? 0))
  return lines.map((line) => ({ ...line, net: negate(line.net), tax: negate(line.tax), gross: negate(line.gross) }))
}

/** A negated decimal amount ('12.50' → '-12.50'); null stays null. */
export function negatedAmount(value: string | null): string | null {
  return value === null ? null : formatCents(-(toCents(value) ?? 0))
}
