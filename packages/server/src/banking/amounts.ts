/**
 * Bank amounts are read exactly: ISO 20022 allows five decimals (`8.850`, `0.12345`), so an amount is held as whole
 * units of 1/100,000. Ten integer digits keep every sum a safe integer. Cents are derived only where a booking needs them.
 */
export const AMOUNT_DECIMALS = 5
const SCALE = 10 ** AMOUNT_DECIMALS
const CENT = SCALE / 100

/** Units (1/100,000) of a decimal amount as banks write it ("1234.5", "8.850", MT940 "1234,50" or "1234,"); NaN when it is none. */
export function amountUnits(text: string): number {
  // Leading zeros pad a fixed-width field ("0000000000000000,00"): they add no digits.
  const match = new RegExp(`^\\s*0*(\\d{1,10})(?:[.,](\\d{0,${AMOUNT_DECIMALS}}))?\\s*$`).exec(text)
  if (!match) return Number.NaN
  return Number(match[1]) * SCALE + Number((match[2] ?? '').padEnd(AMOUNT_DECIMALS, '0'))
}

/** Why an amount text is not read: `decimals` (more than five), `digits` (more than ten before the point) or `form`. */
export function amountProblem(text: string): 'decimals' | 'digits' | 'form' {
  const match = /^\s*0*(\d+)(?:[.,](\d*))?\s*$/.exec(text)
  if (!match) return 'form'
  return match[1].length > 10 ? 'digits' : 'decimals'
}

/** Cents of an exact amount, rounded half away from zero (commercial rounding): what a payment or booking carries. */
export function unitsToCents(units: number): number {
  const cents = Math.round(Math.abs(units) / CENT)
  return units < 0 ? -cents : cents
}

/** Units of whole cents (the PSD2 provider and our own writer give cents). */
export function centsToUnits(cents: number): number {
  return cents * CENT
}

/** The exact decimal text of units, with at least two decimals: 885000 → "8.85", -12345 → "-0.12345" (stored as numeric). */
export function formatUnits(units: number): string {
  const sign = units < 0 ? '-' : ''
  const absolute = Math.abs(units)
  const fraction = String(absolute % SCALE).padStart(AMOUNT_DECIMALS, '0').replace(/0{1,3}$/, '')
  return `${sign}${Math.floor(absolute / SCALE)}.${fraction.padEnd(2, '0')}`
}

/**
 * YYMMDD of MT940 as YYYY-MM-DD (years 00–79 are 20xx), or null for no calendar month. Banks that count interest by
 * 30-day months write value dates such as 30 February: a day past the month's end is its last day.
 */
export function mt940Date(yymmdd: string): string | null {
  const [year, month, day] = [Number(yymmdd.slice(0, 2)), Number(yymmdd.slice(2, 4)), Number(yymmdd.slice(4, 6))]
  const fullYear = year < 80 ? 2000 + year : 1900 + year
  if (month < 1 || month > 12 || day < 1 || day > 31) return null
  const last = new Date(Date.UTC(fullYear, month, 0)).getUTCDate()
  return `${fullYear}-${String(month).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`
}

/** The booking date MMDD of a :61: line beside its value date: in the value date's year, or the next or last one across New Year. */
export function mt940BookingDate(valueDate: string, mmdd: string): string | null {
  const year = Number(valueDate.slice(2, 4))
  const valueMonth = Number(valueDate.slice(5, 7))
  const month = Number(mmdd.slice(0, 2))
  const shift = valueMonth === 12 && month === 1 ? 1 : valueMonth === 1 && month === 12 ? -1 : 0
  return mt940Date(`${String((year + shift + 100) % 100).padStart(2, '0')}${mmdd}`)
}

/** The sum of a statement's entries must lead from its opening to its closing balance, exactly (all five decimals). */
export function isBalanced(statement: { openingUnits: number; closingUnits: number; entries: { amountUnits: number }[] }): boolean {
  return statement.openingUnits + movedUnits(statement.entries) === statement.closingUnits
}

/** The sum of entries' exact amounts. */
export function movedUnits(entries: readonly { amountUnits: number }[]): number {
  return entries.reduce((sum, entry) => sum + entry.amountUnits, 0)
}
