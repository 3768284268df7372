/**
 * The month check of issue 34, as pure logic the server, the web portal and the CLI share: which reasons keep a
 * company's month from being complete, the traffic light they give, and when a release may be made or withdrawn.
 */

/** The three checks of a month: documents in, bank statements complete, cash book closed. */
export const MONTH_CHECKS = ['documentsIn', 'statementsComplete', 'cashBookClosed'] as const

/** One check of a month. */
export type MonthCheckName = (typeof MONTH_CHECKS)[number]

/**
 * Why a month is not complete, each with the check it belongs to and whether it stops the month (red) or only
 * asks for a look (yellow):
 * - unmatchedTransactions: bank movements of the month no document settles (the receipt is missing);
 * - overdueRequests / openRequests: requests to the client not closed, past their due date or not yet;
 * - statementGap: a statement's opening balance is not the closing balance of the one before (a statement is missing);
 * - statementMissing: the company's bank statements stop before the month's end;
 * - cashBookOpen: cash receipts of the month not booked yet (companies that keep a cash book).
 */
export const MONTH_CHECK_REASONS = {
  unmatchedTransactions: { check: 'documentsIn', blocks: true },
  overdueRequests: { check: 'documentsIn', blocks: true },
  openRequests: { check: 'documentsIn', blocks: false },
  statementGap: { check: 'statementsComplete', blocks: true },
  statementMissing: { check: 'statementsComplete', blocks: false },
  cashBookOpen: { check: 'cashBookClosed', blocks: false },
} as const satisfies Record<string, { check: MonthCheckName; blocks: boolean }>

/** One reason code. */
export type MonthCheckReasonCode = keyof typeof MONTH_CHECK_REASONS

/** Every reason code, in the order a screen lists them. */
export const MONTH_CHECK_REASON_CODES = Object.keys(MONTH_CHECK_REASONS) as MonthCheckReasonCode[]

/** One reason with how many things it counts (movements, requests, statements, receipts). */
export interface MonthCheckReason {
  code: MonthCheckReasonCode
  count: number
}

/** The traffic light: green nothing open, yellow something to look at, red the month is not complete. */
export type MonthLight = 'green' | 'yellow' | 'red'

/** Every light, worst last. */
export const MONTH_LIGHTS: readonly MonthLight[] = ['green', 'yellow', 'red']

/** What the database counted for one company and month; every field is a count. */
export type MonthFacts = Record<MonthCheckReasonCode, number>

/** The reasons of counted facts: one per code with a count above 0, in the order of MONTH_CHECK_REASON_CODES. */
export function monthReasons(facts: Partial<MonthFacts>): MonthCheckReason[] {
  return MONTH_CHECK_REASON_CODES.filter((code) => (facts[code] ?? 0) > 0).map((code) => ({ code, count: facts[code] ?? 0 }))
}

/** The light of a month's reasons: red when one blocks, yellow when any other is left, else green. */
export function monthLight(reasons: readonly MonthCheckReason[]): MonthLight {
  const open = reasons.filter((reason) => reason.count > 0)
  if (open.some((reason) => MONTH_CHECK_REASONS[reason.code].blocks)) return 'red'
  return open.length > 0 ? 'yellow' : 'green'
}

/** The light of one check (documents in, statements complete, cash book closed) from the month's reasons. */
export function checkLight(reasons: readonly MonthCheckReason[], check: MonthCheckName): MonthLight {
  return monthLight(reasons.filter((reason) => MONTH_CHECK_REASONS[reason.code].check === check))
}

/** A month as YYYY-MM (January 2026 is 2026-01). */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/

/** True when the text is a month YYYY-MM. */
export function isMonth(value: string): boolean {
  return MONTH_PATTERN.test(value)
}

/** The month before the month of a calendar day (YYYY-MM-DD): the month a firm checks by default. */
export function previousMonth(today: string): string {
  return shiftMonth(today.slice(0, 7), -1)
}

/** The month `by` months after (before, when negative) a month. */
export function shiftMonth(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** The first and last calendar day of a month. */
export function monthBounds(month: string): { from: string; to: string } {
  const [year, number] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))]
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate()
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` }
}

/** What a release of a month depends on: whether it is released, and whether the firm exported the month. */
export interface MonthReleaseState {
  released: boolean
  exported: boolean
}

/** Why a release or its withdrawal is refused (an `overview:` i18n key), or null when it may be done. */
export function releaseRefusal(state: MonthReleaseState, action: 'release' | 'withdraw'): string | null {
  if (action === 'release') return state.released ? 'overview:error.alreadyReleased' : null
  if (!state.released) return 'overview:error.notReleased'
  return state.exported ? 'overview:error.exported' : null
}
