import { describe, expect, it } from 'vitest'
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
