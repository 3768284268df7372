import { daysBetween } from './openItems'

/** The version of the bank-connection provider's terms a company accepts (texts: `banking:terms.body`). */
export const BANK_TERMS_VERSION = '2026-01'

/** Days a read access (a PSD2 consent) lasts from its approval or renewal. */
export const BANK_ACCESS_DAYS = 90

/** Days before expiry from which a renewal reminder shows. */
export const BANK_RENEWAL_REMINDER_DAYS = 14

/** What is stored of an access: requested, approved by the firm, refused, or ended by the client or the terms. */
export const BANK_ACCESS_STATUSES = ['pending', 'approved', 'rejected', 'revoked'] as const

/** A stored status. */
export type BankAccessStatus = (typeof BANK_ACCESS_STATUSES)[number]

/** What an access is on a given day (the approvals page filters by it). */
export const BANK_ACCESS_PHASES = ['pending', 'approved', 'expiringSoon', 'expired', 'rejected', 'revoked'] as const

/** A state on a given day. */
export type BankAccessPhase = (typeof BANK_ACCESS_PHASES)[number]

/** The last day an access approved or renewed on `day` may read (ends at the start of that day + 90). */
export function accessExpiry(day: string, days = BANK_ACCESS_DAYS): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/**
 * An access's state on `today`: an approved access is expired from its expiry day on (it reads no more that day),
 * and expiring soon from BANK_RENEWAL_REMINDER_DAYS before it.
 */
export function accessState(access: { status: BankAccessStatus; expires_on: string | null }, today: string): BankAccessPhase {
  if (access.status !== 'approved' || !access.expires_on) return access.status
  const left = daysBetween(today, access.expires_on)
  if (left <= 0) return 'expired'
  return left <= BANK_RENEWAL_REMINDER_DAYS ? 'expiringSoon' : 'approved'
}

/** Whether an access may read or import statements on `today`. */
export function accessReads(access: { status: BankAccessStatus; expires_on: string | null }, today: string): boolean {
  const state = accessState(access, today)
  return state === 'approved' || state === 'expiringSoon'
}

/** Whether a client may renew: approved (soon expiring or already expired), never a rejected or revoked one. */
export function accessRenewable(access: { status: BankAccessStatus }): boolean {
  return access.status === 'approved'
}
