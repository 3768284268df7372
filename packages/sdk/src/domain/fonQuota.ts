/**
 * The quota rule of §134a BAO (Quotenregelung): a tax firm must file a share of its clients' returns for a year by
 * fixed dates, or it loses the extended deadlines. Pure: the caller gives the items and "today".
 */

/** The FON return types (quotenArt): income tax, corporate tax, VAT, and business assessments (Feststellung). */
export const FonReturnType = { E: 'E', K: 'K', U: 'U', F: 'F' } as const

/** One return type. */
export type FonReturnType = (typeof FonReturnType)[keyof typeof FonReturnType]

/** Every return type. */
export const FON_RETURN_TYPES: readonly FonReturnType[] = Object.values(FonReturnType)

/** Which quota a return counts towards: the annual returns (E, K, U) or the business assessments (F). */
export type QuotaGroup = 'returns' | 'assessments'

/** Every quota group. */
export const QUOTA_GROUPS: readonly QuotaGroup[] = ['returns', 'assessments']

/** The quota group of a return type. */
export function quotaGroupOf(type: FonReturnType): QuotaGroup {
  return type === 'F' ? 'assessments' : 'returns'
}

/** One appointment date of the rule: by `date` (ISO), `targetPercent` of the group's returns must be filed. */
export interface QuotaDate {
  group: QuotaGroup
  date: string
  targetPercent: number
}

function lastDayOfFebruary(year: number): number {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28
}

/**
 * The appointment dates for returns of `year`: 31 Oct 20 %, 30 Nov 40 % of the next year, 31 Jan 60 %, end of
 * February 80 %, 31 Mar 100 % of the year after; business assessments 50 % by 30 Nov and 100 % by 31 Jan.
 */
export function quotaDates(year: number, group: QuotaGroup): QuotaDate[] {
  const next = year + 1
  const after = year + 2
  if (group === 'assessments') {
    return [
      { group, date: `${next}-11-30`, targetPercent: 50 },
      { group, date: `${after}-01-31`, targetPercent: 100 },
    ]
  }
  return [
    { group, date: `${next}-10-31`, targetPercent: 20 },
    { group, date: `${next}-11-30`, targetPercent: 40 },
    { group, date: `${after}-01-31`, targetPercent: 60 },
    { group, date: `${after}-02-${lastDayOfFebruary(after)}`, targetPercent: 80 },
    { group, date: `${after}-03-31`, targetPercent: 100 },
  ]
}

/** What the rule needs of an item: its type, whether it counts at all, and when FON received it (ISO date or null). */
export interface QuotaInput {
  returnType: FonReturnType
  /** False for items that are not relevant for the quota (notRelevant). */
  counts: boolean
  receivedOn: string | null
}

/** How the firm stands at one date. */
export type QuotaOutlook = 'met' | 'missed' | 'onTrack' | 'atRisk'

/** One date's figures: target and achieved (filed by that date) as counts and percentages, and the outlook. */
export interface QuotaDateStatus extends QuotaDate {
  total: number
  required: number
  achieved: number
  /** Achieved share, one decimal. */
  achievedPercent: number
  outlook: QuotaOutlook
  /** For a date ahead and not yet met: the filings the projection expects by then; else null. */
  projected: number | null
  /** True for the first date not yet past. */
  next: boolean
}

/** The quota of a year for both groups. */
export interface QuotaStatus {
  year: number
  today: string
  dates: QuotaDateStatus[]
}

const DAY_MS = 86_400_000

function dayNumber(iso: string): number {
  return Math.floor(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / DAY_MS)
}

/** Percentage with one decimal, 0 for an empty group. */
export function percentOf(part: number, total: number): number {
  return total === 0 ? 0 : Math.round((part / total) * 1000) / 10
}

/**
 * Achieved vs target for each date of the year and, for the next date, a forecast: the filings so far plus the
 * pace since filing for the year opened (1 January of the next year) carried forward to the date.
 */
export function quotaStatus(items: readonly QuotaInput[], year: number, today: string): QuotaStatus {
  const todayDay = dayNumber(today)
  const dates: QuotaDateStatus[] = []
  for (const group of QUOTA_GROUPS) {
    const received = items
      .filter((item) => item.counts && quotaGroupOf(item.returnType) === group)
      .map((item) => (item.receivedOn ? dayNumber(item.receivedOn) : null))
    const total = received.length
    const filedBy = (day: number) => received.filter((at) => at !== null && at <= day).length
    const openedDay = dayNumber(`${year + 1}-01-01`)
    let nextSeen = false
    for (const quotaDate of quotaDates(year, group)) {
      const dateDay = dayNumber(quotaDate.date)
      const required = Math.ceil((quotaDate.targetPercent * total) / 100)
      const past = dateDay < todayDay
      const achieved = filedBy(past ? dateDay : Math.min(dateDay, todayDay))
      const isNext = !past && !nextSeen
      if (isNext) nextSeen = true
      let outlook: QuotaOutlook
      let projected: number | null = null
      if (achieved >= required) outlook = 'met'
      else if (past) outlook = 'missed'
      else {
        const elapsed = Math.max(1, todayDay - openedDay + 1)
        const pace = todayDay >= openedDay ? achieved / elapsed : 0
        projected = Math.min(total, Math.floor(achieved + pace * (dateDay - todayDay)))
        outlook = projected >= required ? 'onTrack' : 'atRisk'
      }
      dates.push({ ...quotaDate, total, required, achieved, achievedPercent: percentOf(achieved, total), outlook, projected, next: isNext })
    }
  }
  return { year, today: today.slice(0, 10), dates }
}
