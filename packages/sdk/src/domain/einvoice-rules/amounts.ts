/** Amounts and blanks as the rules compare them: money in cents, a cent either way where the rules sum rounded amounts. */

/** In cents (amounts are compared at two decimals, as the rules state them); null when absent or not a number. */
export function cents(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === '') return null
  const number = Number(value)
  return Number.isFinite(number) ? Math.round(number * 100) : null
}

export const sumCents = (values: Array<string | null>): number => values.reduce((sum, value) => sum + (cents(value) ?? 0), 0)
export const blank = (value: string | null | undefined): boolean => value === null || value === undefined || value.trim() === ''
export const sameRate = (a: string | null, b: string | null): boolean => Number(a ?? 0) === Number(b ?? 0)

/** One cent either way: the rules' sums are of rounded amounts. */
const TOLERANCE = 1

export const near = (a: number | null, b: number): boolean => a !== null && Math.abs(a - b) <= TOLERANCE

/**
 * Less than one currency unit either way (100 cents): how far the artefacts let a breakdown's VAT amount stray from
 * basis × rate (BR-CO-17, BR-S-09), for currencies rounded to whole units (forint, yen) and VAT summed from lines.
 */
export const withinUnit = (a: number, b: number): boolean => Math.abs(a - b) < 100
