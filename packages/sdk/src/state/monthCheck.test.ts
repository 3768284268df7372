import { describe, expect, it } from 'vitest'
import { fonOverviewState, overviewLink, overviewRowMatches, sortOverviewRows, type OverviewSortable } from './companyOverview'
import { checkLight, monthBounds, monthLight, monthReasons, previousMonth, releaseRefusal, shiftMonth } from './monthCheck'

describe('the month check', () => {
  it('is green with nothing open, yellow with only things to look at, red when something blocks', () => {
    expect(monthLight(monthReasons({}))).toBe('green')
    expect(monthLight(monthReasons({ openRequests: 2, cashBookOpen: 1 }))).toBe('yellow')
    expect(monthLight(monthReasons({ openRequests: 2, unmatchedTransactions: 1 }))).toBe('red')
    expect(monthLight(monthReasons({ statementGap: 1 }))).toBe('red')
    expect(monthLight(monthReasons({ overdueRequests: 1 }))).toBe('red')
  })

  it('lists only reasons with a count, in a fixed order, and lights each check on its own', () => {
    const reasons = monthReasons({ cashBookOpen: 3, unmatchedTransactions: 0, statementGap: 1, openRequests: 2 })
    expect(reasons).toEqual([
      { code: 'openRequests', count: 2 },
      { code: 'statementGap', count: 1 },
      { code: 'cashBookOpen', count: 3 },
    ])
    expect([checkLight(reasons, 'documentsIn'), checkLight(reasons, 'statementsComplete'), checkLight(reasons, 'cashBookClosed')]).toEqual(['yellow', 'red', 'yellow'])
  })

  it('counts months across the year and knows their last day', () => {
    expect(previousMonth('2026-01-15')).toBe('2025-12')
    expect(shiftMonth('2026-11', 2)).toBe('2027-01')
    expect(monthBounds('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' })
  })

  it('lets a month be released once and withdrawn until the firm exported it', () => {
    expect(releaseRefusal({ released: false, exported: false }, 'release')).toBeNull()
    expect(releaseRefusal({ released: true, exported: false }, 'release')).toBe('overview:error.alreadyReleased')
    expect(releaseRefusal({ released: true, exported: false }, 'withdraw')).toBeNull()
    expect(releaseRefusal({ released: true, exported: true }, 'withdraw')).toBe('overview:error.exported')
    expect(releaseRefusal({ released: false, exported: false }, 'withdraw')).toBe('overview:error.notReleased')
  })
})

describe('the dashboard rows', () => {
  const row = (company_no: number, values: Partial<OverviewSortable> = {}): OverviewSortable => ({
    company_no,
    company_name: `Klient ${company_no}`,
    company_place: 'Wien',
    invoices_open: 0,
    editor: 0,
    unpaid_due: 0,
    requests_open: 0,
    requests_overdue: 0,
    unmatched: 0,
    last_export: null,
    fon: { state: 'none' },
    month: { light: 'green', released: null },
    ...values,
  })

  it('filters by words and by what is open, and sorts by a column with the company number breaking ties', () => {
    const rows = [row(1003, { invoices_open: 2 }), row(1001, { month: { light: 'red', released: null } }), row(1002, { invoices_open: 2, month: { light: 'green', released: { at: 'x' } } })]
    expect(rows.filter((r) => overviewRowMatches(r, { only: 'open' })).map((r) => r.company_no)).toEqual([1003, 1001, 1002])
    expect(rows.filter((r) => overviewRowMatches(r, { only: 'red' })).map((r) => r.company_no)).toEqual([1001])
    expect(rows.filter((r) => overviewRowMatches(r, { only: 'released', search: 'klient 100' })).map((r) => r.company_no)).toEqual([1002])
    expect(sortOverviewRows(rows, { invoices_open: -1 }).map((r) => r.company_no)).toEqual([1002, 1003, 1001])
    expect(sortOverviewRows(rows, { light: -1 }).map((r) => r.company_no)).toEqual([1001, 1002, 1003])
    expect(fonOverviewState({ total: 3, open: 1, conflicts: 0 })).toBe('open')
  })

  it('links each number to its screen only for those who may open it', () => {
    expect(overviewLink('invoices_open', 1002, [])).toBe('/invoices/1002/er_u')
    expect(overviewLink('unmatched', 1002, ['ove'])).toBeNull()
    expect(overviewLink('unmatched', 1002, ['ban'])).toBe('/banking/1002')
    expect(overviewLink('light', 1002, [])).toBe('/month-check/1002')
  })
})
