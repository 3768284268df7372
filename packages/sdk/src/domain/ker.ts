/**
 * The KER (kurzfristige Erfolgsrechnung): a short-term income statement from booked lines, grouped by the account
 * classes of the Austrian standard chart of accounts (Einheitskontenrahmen, EKR). Income tax and corporate tax are
 * never part of it (SPEC §1).
 */
export const KER_LINES = ['revenue', 'material', 'personnel', 'depreciation', 'otherOperating', 'financial'] as const

/** One line of the KER. */
export type KerLine = (typeof KER_LINES)[number]

/** Where an account range goes: a KER line, or `excluded` (income and corporate tax, and what a firm leaves out). */
export type KerTarget = KerLine | 'excluded'

/** Every target a mapping range may name. */
export const KER_TARGETS: readonly KerTarget[] = [...KER_LINES, 'excluded']

/** An inclusive range of four-digit accounts (EKR Sachkonten) and where it goes. */
export interface KerRange {
  from: number
  to: number
  target: KerTarget
}

/**
 * The EKR mapping the firm starts with: class 4 revenue, 5 material and goods, 6 personnel, 70–71 depreciation, 72–79
 * other operating expenses, 80–84 financial result, 85–89 taxes on income (Körperschaftsteuer, Einkommensteuer) and the
 * closing accounts, excluded. Accounts outside every range (classes 0–3 and 9: balance sheet) are not in the KER.
 */
export const DEFAULT_KER_RANGES: readonly KerRange[] = [
  { from: 4000, to: 4999, target: 'revenue' },
  { from: 5000, to: 5999, target: 'material' },
  { from: 6000, to: 6999, target: 'personnel' },
  { from: 7000, to: 7199, target: 'depreciation' },
  { from: 7200, to: 7999, target: 'otherOperating' },
  { from: 8000, to: 8499, target: 'financial' },
  { from: 8500, to: 8999, target: 'excluded' },
]

/** Accounts that may never count, whatever a firm maps: taxes on income (EKR 85xx Körperschaftsteuer, Einkommensteuer). */
export const INCOME_TAX_ACCOUNTS = { from: 8500, to: 8599 } as const

/** Where an account goes under a mapping; undefined when it is outside the KER. Income tax accounts are always excluded. */
export function kerTargetOf(account: number, ranges: readonly KerRange[]): KerTarget | undefined {
  if (account >= INCOME_TAX_ACCOUNTS.from && account <= INCOME_TAX_ACCOUNTS.to) return 'excluded'
  return ranges.find((range) => account >= range.from && account <= range.to)?.target
}

/** A refusal of a mapping: the range's index and the rule (an i18n key of the `reports` namespace). */
export interface KerRangeIssue {
  index: number
  rule: string
}

/** A mapping's rules: whole four-digit accounts, from ≤ to, a known target, and no two ranges overlapping. */
export function checkKerRanges(ranges: readonly KerRange[]): KerRangeIssue[] {
  const issues: KerRangeIssue[] = []
  ranges.forEach((range, index) => {
    if (!Number.isInteger(range.from) || !Number.isInteger(range.to) || range.from < 0 || range.to > 9999) issues.push({ index, rule: 'mapping.accountRange' })
    else if (range.from > range.to) issues.push({ index, rule: 'mapping.fromAfterTo' })
    if (!KER_TARGETS.includes(range.target)) issues.push({ index, rule: 'mapping.unknownTarget' })
    const overlap = ranges.findIndex((other, at) => at < index && other.from <= range.to && range.from <= other.to)
    if (overlap >= 0) issues.push({ index, rule: 'mapping.overlap' })
  })
  return issues
}

/**
 * Booked net amounts of one account in one month: `cents` signed as the result sees it, so revenue and income are
 * positive and expenses negative (an outgoing invoice AR adds, an incoming invoice ER or a cash receipt KA takes away).
 */
export interface KerAccountMonth {
  year: number
  month: number
  account: number
  cents: number
}

/** The sign a booked net amount takes in the result, by document type. */
export function kerSign(documentType: string): 1 | -1 {
  return documentType === 'AR' ? 1 : -1
}

/**
 * The basis of a KER: `accrual` (a Bilanzierer: invoices in their booking period) or `cash` (an
 * Einnahmen-Ausgaben-Rechner: income and expenses when paid, Zufluss-Abfluss). The company settings say which.
 */
export const KerBasis = { accrual: 'accrual', cash: 'cash' } as const

/** One KER basis. */
export type KerBasis = (typeof KerBasis)[keyof typeof KerBasis]

/** KER granularity: a month (1–12), a quarter (1–4) or the whole year. */
export type KerGranularity = 'month' | 'quarter' | 'year'

/** The months (1–12) a period covers. */
export function monthsOf(granularity: KerGranularity, index: number): number[] {
  if (granularity === 'month') return [index]
  if (granularity === 'quarter') return [3 * index - 2, 3 * index - 1, 3 * index]
  return [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
}

/**
 * The last closed month of `year` as of `today` (YYYY-MM-DD) when the year is still running, else null (a past or
 * future year is compared whole). A year in its first month has no closed month yet: it then runs to January.
 */
export function cumulativeTo(year: number, today: string): number | null {
  if (Number(today.slice(0, 4)) !== year) return null
  return Math.max(1, Number(today.slice(5, 7)) - 1)
}

/**
 * The months the KER compares: a month or quarter as chosen; the whole year of a running year only to its last closed
 * month on both sides (cumulative, as a BWA "kumuliert"), so the prior year is never twelve months against ten.
 */
export function kerMonthsCompared(granularity: KerGranularity, index: number, cumulative: number | null): number[] {
  const months = monthsOf(granularity, index)
  return granularity === 'year' && cumulative !== null ? months.slice(0, cumulative) : months
}

/**
 * The name of a KER period as its column heads show it: "2026", "January–October 2026" (a running year, cumulative),
 * "Q1 2026", "03/2026". `t` is the `reports` namespace.
 */
export function kerPeriodName(
  report: { granularity: KerGranularity; index: number; cumulative_to: number | null },
  year: number,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (report.granularity === 'year') {
    return report.cumulative_to === null ? String(year) : t('period.cumulative', { to: t(`monthName.${report.cumulative_to}`), year })
  }
  if (report.granularity === 'quarter') return `${t('period.quarterN', { n: report.index })} ${year}`
  return `${String(report.index).padStart(2, '0')}/${year}`
}

/** The KER's figures in cents: one per line, and the result before taxes (their sum). */
export type KerFigures = Record<KerLine | 'result', number>

const emptyFigures = (): KerFigures => ({ revenue: 0, material: 0, personnel: 0, depreciation: 0, otherOperating: 0, financial: 0, result: 0 })

/** Sums the account-months of one year's given months into KER figures; excluded and unmapped accounts never count. */
export function kerFigures(rows: readonly KerAccountMonth[], ranges: readonly KerRange[], year: number, months: readonly number[]): KerFigures {
  const figures = emptyFigures()
  for (const row of rows) {
    if (row.year !== year || !months.includes(row.month)) continue
    const target = kerTargetOf(row.account, ranges)
    if (target === undefined || target === 'excluded') continue
    figures[target] += row.cents
    figures.result += row.cents
  }
  return figures
}

/** The change from the prior year in percent with one decimal (null when the prior year is 0). */
export function changePercent(current: number, prior: number): number | null {
  if (prior === 0) return null
  return Math.round(((current - prior) / Math.abs(prior)) * 1000) / 10
}

/** One line of the KER table: this period, the prior year's same period and the change. */
export interface KerTableRow {
  line: KerLine | 'result'
  currentCents: number
  priorCents: number
  differenceCents: number
  changePercent: number | null
}

/** The KER table of a period of `year` against the same period of the year before. */
export function kerTable(rows: readonly KerAccountMonth[], ranges: readonly KerRange[], year: number, months: readonly number[]): KerTableRow[] {
  const current = kerFigures(rows, ranges, year, months)
  const prior = kerFigures(rows, ranges, year - 1, months)
  return [...KER_LINES, 'result' as const].map((line) => ({
    line,
    currentCents: current[line],
    priorCents: prior[line],
    differenceCents: current[line] - prior[line],
    changePercent: changePercent(current[line], prior[line]),
  }))
}

/** Revenue and result of one month, this year and last: what the charts draw. */
export interface KerMonthPoint {
  month: number
  revenueCents: number
  resultCents: number
  priorRevenueCents: number
  priorResultCents: number
}

/** The twelve months of `year` with the prior year beside them. */
export function kerMonths(rows: readonly KerAccountMonth[], ranges: readonly KerRange[], year: number): KerMonthPoint[] {
  return Array.from({ length: 12 }, (_, at) => {
    const month = at + 1
    const current = kerFigures(rows, ranges, year, [month])
    const prior = kerFigures(rows, ranges, year - 1, [month])
    return { month, revenueCents: current.revenue, resultCents: current.result, priorRevenueCents: prior.revenue, priorResultCents: prior.result }
  })
}
