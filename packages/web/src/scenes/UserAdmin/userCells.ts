import type { TFunction } from 'i18next'
import type { User } from '@portal/sdk/services'

/** Companies listed in a cell before the rest is counted ("+12"). */
const LISTED = 6

function listed(companies: readonly number[]): string {
  const shown = companies.slice(0, LISTED).join(', ')
  return companies.length > LISTED ? `${shown} +${companies.length - LISTED}` : shown
}

/** The klienten column (SPEC §3): all clients, all but the excluded ones, the assigned ones, or none. */
export function clientAccessText(user: Pick<User, 'clientAccess' | 'klienten' | 'excluded'>, t: TFunction<'users'>): string {
  if (user.clientAccess === 'all') return user.excluded.length > 0 ? t('access.allExcept', { clients: listed(user.excluded) }) : t('access.all')
  return user.klienten.length > 0 ? listed(user.klienten) : t('access.none')
}

const shownValue = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '–'
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : '–'
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** An audit entry's changed fields as lines "field: before → after" (only the fields the entry recorded). */
export function auditChangeLines(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  return fields.map((field) => `${field}: ${shownValue(before?.[field])} → ${shownValue(after?.[field])}`)
}
