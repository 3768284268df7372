import { createHash } from 'node:crypto'
import { formatUnits, unitsToCents } from './amounts'
import type { ParsedEntry } from './types'

/**
 * A movement's identity across files: the same movement delivered again (a repeated file, an overlapping statement,
 * a provider's re-fetch) gets the same key, so it is stored once. Identical movements within one delivery are told
 * apart by their occurrence number, so two equal transfers on one day both stay.
 */
export function entryKeys(account: string, entries: readonly ParsedEntry[]): string[] {
  const seen = new Map<string, number>()
  return entries.map((entry) => {
    const base = [account, entry.bookingDate, entry.valueDate, amountKey(entry.amountUnits), entry.bankReference ?? '', entry.endToEndId ?? '', entry.counterpartyIban ?? '', entry.remittance].join('|')
    const occurrence = seen.get(base) ?? 0
    seen.set(base, occurrence + 1)
    return createHash('sha256').update(`${base}#${occurrence}`).digest('hex').slice(0, 40)
  })
}

/** Whole cents as the keys of earlier imports had them (so those stay known); a finer amount by its exact text. */
function amountKey(units: number): string {
  const cents = unitsToCents(units)
  return units === cents * 1000 ? String(cents) : formatUnits(units)
}
