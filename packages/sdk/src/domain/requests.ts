import type { Permission } from './permissions'
import { daysBetween } from './openItems'

/** A request's state: open → answered (the client uploaded or wrote) → closed (staff); staff may close an open one too. */
export const REQUEST_STATUSES = ['open', 'answered', 'closed'] as const

/** One request state. */
export type RequestStatus = (typeof REQUEST_STATUSES)[number]

/** What a request asks for: a receipt for a bank transaction, a document by description, or an answer to a question. */
export const REQUEST_KINDS = ['transaction', 'document', 'question'] as const

/** One request kind. */
export type RequestKind = (typeof REQUEST_KINDS)[number]

/**
 * Who asks and closes (SPEC §6): the firm's bookkeepers, `acc` ("book confirmed documents"), who find what is missing
 * while booking. A client's staff do not hold `acc`; `ove` is a view (the dashboard) and says nothing about acting.
 */
export const REQUEST_STAFF_RIGHTS: readonly Permission[] = ['acc']

/**
 * Who answers (SPEC §6): `doc` ("documents view"), the right an upload of the company's documents needs anyway; the
 * firm's staff hold it too and may answer on the client's behalf (a receipt that came by post).
 */
export const REQUEST_ANSWER_RIGHTS: readonly Permission[] = ['doc']

/** A request for a bank transaction's receipt also needs the right to see the transaction (the banking view). */
export const REQUEST_TRANSACTION_RIGHTS: readonly Permission[] = ['adm', 'ban']

/** The fields a patch of a request changes, and which side's right that takes. */
export function requestPatchRequires(fields: readonly string[]): readonly Permission[] {
  return fields.includes('status') ? REQUEST_STAFF_RIGHTS : REQUEST_ANSWER_RIGHTS
}

/** A request's reminder interval by default, in days (per company, `company_settings.request_reminder_days`; 0 = never). */
export const DEFAULT_REMINDER_DAYS = 7

/** The most days between two reminders a company may set. */
export const MAX_REMINDER_DAYS = 90

/** The longest request text, answer, message or comment. */
export const MAX_REQUEST_TEXT = 4000

/** True when an open request's due date has passed (`today` is Vienna's date, YYYY-MM-DD). */
export function isOverdue(request: { status: RequestStatus; due_date: string }, today: string): boolean {
  return request.status === 'open' && daysBetween(request.due_date, today) > 0
}

/**
 * True when an open request is to be reminded today: it is due (its due date reached) and the company reminds
 * (interval > 0), and it was never reminded or the last reminder is at least the interval ago.
 */
export function reminderDue(props: { status: RequestStatus; dueDate: string; lastReminded: string | null; intervalDays: number; today: string }): boolean {
  if (props.status !== 'open' || props.intervalDays <= 0) return false
  if (daysBetween(props.dueDate, props.today) < 0) return false
  return props.lastReminded === null || daysBetween(props.lastReminded.slice(0, 10), props.today) >= props.intervalDays
}

/** A person a comment may mention: someone who holds the document's company. */
export interface MentionablePerson {
  keycloakId: string
  name: string
}

/**
 * The people a comment's text mentions: `@` followed by a person's full name ("@Clara Steiner"), case-insensitive,
 * not inside a word. Longest names first, so "@Anna Maria Huber" is not taken for "@Anna Maria". Each person once.
 */
export function mentionsIn(text: string, people: readonly MentionablePerson[]): MentionablePerson[] {
  const lower = text.toLocaleLowerCase('de-AT')
  const found: MentionablePerson[] = []
  const taken: [number, number][] = []
  for (const person of [...people].sort((a, b) => b.name.length - a.name.length)) {
    const needle = `@${person.name.toLocaleLowerCase('de-AT')}`
    if (person.name.trim() === '') continue
    for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + 1)) {
      const end = at + needle.length
      const before = at === 0 ? ' ' : lower[at - 1]
      const after = end >= lower.length ? ' ' : lower[end]
      if (/[\p{L}\p{N}]/u.test(before) || /[\p{L}\p{N}]/u.test(after)) continue
      if (taken.some(([start, stop]) => at < stop && end > start)) continue
      taken.push([at, end])
      if (!found.includes(person)) found.push(person)
    }
  }
  return found
}
