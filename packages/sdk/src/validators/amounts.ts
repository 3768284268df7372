import { divideRounded, formatCents, parseCents, parseDecimal } from './money'
import { type ValidationResult, invalid } from './result'

type Amount = string | number | null | undefined

/** Input of computeTaxCents and taxAmount. */
export interface TaxInput {
  /** Net (taxable) amount, or the gross amount when `gross` is true. */
  readonly amount: Amount
  /** Tax rate in percent, e.g. 20 or 10 or 5.5. */
  readonly rate: Amount
  /** True when `amount` includes the tax (company setting "use gross amounts"). */
  readonly gross?: boolean
}

/** The tax in exact cents, rounded half away from zero; null when an input is not a number. */
export function computeTaxCents({ amount, rate, gross = false }: TaxInput): bigint | null {
  const cents = parseCents(amount)
  const percent = parseDecimal(rate)
  if (cents === null || !percent) return null
  const scale = 10n ** BigInt(percent.scale)
  // tax = amount * rate / 100, or from gross: amount * rate / (100 + rate), all scaled to integers.
  const denominator = gross ? 100n * scale + percent.units : 100n * scale
  if (denominator === 0n) return null
  return divideRounded(cents * percent.units, denominator)
}

/** The entered tax amount must equal the amount computed from the base and the rate, to the cent. */
export function taxAmount(input: TaxInput & { readonly tax: Amount }): ValidationResult {
  const expected = computeTaxCents(input)
  const actual = parseCents(input.tax)
  if (expected === null || actual === null) return invalid('validation:amount')
  return actual === expected
    ? null
    : invalid('validation:taxAmountMismatch', { actual: formatCents(actual), expected: formatCents(expected) })
}

/** The parts (e.g. the tax lines' gross amounts) must add up exactly to the total. */
export function totalsSum(total: Amount, parts: readonly Amount[]): ValidationResult {
  const totalCents = parseCents(total)
  const partCents = parts.map(parseCents)
  if (totalCents === null || partCents.some((cents) => cents === null)) return invalid('validation:amount')
  const sum = partCents.reduce<bigint>((acc, cents) => acc + (cents ?? 0n), 0n)
  return sum === totalCents ? null : invalid('validation:totalsMismatch', { sum: formatCents(sum), total: formatCents(totalCents) })
}
