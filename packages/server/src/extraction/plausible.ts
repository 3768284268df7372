import { compareDecimals } from './money'
import type { Candidate, FieldName } from './types'

const DATE_FIELDS: ReadonlySet<FieldName> = new Set(['issue_date', 'due_date', 'skonto_due_date', 'service_period_start', 'service_period_end', 'delivery_date'])
const AMOUNT_FIELDS: ReadonlySet<FieldName> = new Set(['total_gross', 'total_net', 'total_tax', 'amount_due'])

// Amounts are kept as numeric(15,2): 13 digits before the decimal point. No invoice comes near it, so a
// larger figure is a misread (or a hostile file), not a value to store.
const LARGEST_AMOUNT = '9999999999999.99'

/** Whether a value is an ISO date (YYYY-MM-DD) naming a real day between the years 1000 and 9999. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = match.slice(1).map(Number)
  if (year < 1000) return false
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** Whether a decimal string is an amount the portal can keep (at most 13 digits before the point). */
export function isStorableAmount(value: string): boolean {
  const magnitude = value.replace(/^-/, '')
  const order = compareDecimals(magnitude, LARGEST_AMOUNT)
  return order !== null && order <= 0
}

/** Whether a candidate's value is one its field can hold: dates are real days, amounts fit the books. */
export function isPlausible(candidate: Candidate): boolean {
  if (typeof candidate.value !== 'string') return true
  if (DATE_FIELDS.has(candidate.field)) return isCalendarDate(candidate.value)
  if (AMOUNT_FIELDS.has(candidate.field)) return isStorableAmount(candidate.value)
  return true
}

/** The candidates whose values their fields can hold; the rest are dropped before anything is chosen or stored. */
export function plausibleCandidates(candidates: Candidate[]): Candidate[] {
  return candidates.filter(isPlausible)
}
