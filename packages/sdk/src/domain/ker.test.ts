import { describe, expect, it } from 'vitest'
import { DEFAULT_KER_RANGES, checkKerRanges, cumulativeTo, kerFigures, kerMonths, kerMonthsCompared, kerSign, kerTable, kerTargetOf, monthsOf, type KerAccountMonth } from './ker'

// Hand-computed: 2026 Jan revenue 10,000.00 (4000) and 2,000.00 (4400), goods 3,000.00 (5000), wages 4,000.00 (6000),
// depreciation 500.00 (7010), rent 1,000.00 (7400), interest 200.00 (8280 expense), corporate tax 1,500.00 (8500),
// a balance-sheet account 2,500.00 (0620); Feb revenue 5,000.00. 2025 Jan revenue 8,000.00, rent 1,000.00.
const rows: KerAccountMonth[] = [
  { year: 2026, month: 1, account: 4000, cents: 1_000_000 },
  { year: 2026, month: 1, account: 4400, cents: 200_000 },
  { year: 2026, month: 1, account: 5000, cents: -300_000 },
  { year: 2026, month: 1, account: 6000, cents: -400_000 },
  { year: 2026, month: 1, account: 7010, cents: -50_000 },
  { year: 2026, month: 1, account: 7400, cents: -100_000 },
  { year: 2026, month: 1, account: 8280, cents: -20_000 },
  { year: 2026, month: 1, account: 8500, cents: -150_000 },
  { year: 2026, month: 1, account: 620, cents: -250_000 },
  { year: 2026, month: 2, account: 4000, cents: 500_000 },
  { year: 2025, month: 1, account: 4000, cents: 800_000 },
  { year: 2025, month: 1, account: 7400, cents: -100_000 },
]

describe('KER', () => {
  it('sums January by EKR class: result 12,000 − 3,000 − 4,000 − 500 − 1,000 − 200 = 3,300.00', () => {
    expect(kerFigures(rows, DEFAULT_KER_RANGES, 2026, [1])).toEqual({
      revenue: 1_200_000, material: -300_000, personnel: -400_000, depreciation: -50_000, otherOperating: -100_000, financial: -20_000, result: 330_000,
    })
  })

  it('never counts corporate or income tax, even when a firm maps 85xx to a line', () => {
    expect(kerTargetOf(8500, DEFAULT_KER_RANGES)).toBe('excluded')
    const careless = [{ from: 4000, to: 9999, target: 'revenue' as const }]
    expect(kerTargetOf(8510, careless)).toBe('excluded')
    expect(kerFigures(rows, careless, 2026, [1]).revenue).toBe(1_200_000 - 300_000 - 400_000 - 50_000 - 100_000 - 20_000)
  })

  it('compares a quarter with the prior year in percent', () => {
    expect(monthsOf('quarter', 1)).toEqual([1, 2, 3])
    const table = kerTable(rows, DEFAULT_KER_RANGES, 2026, monthsOf('quarter', 1))
    expect(table.find((row) => row.line === 'revenue')).toEqual({ line: 'revenue', currentCents: 1_700_000, priorCents: 800_000, differenceCents: 900_000, changePercent: 112.5 })
    // Result 2026 Q1: 3,300 + 5,000 = 8,300.00; 2025 Q1: 7,000.00 → +18.6 %.
    expect(table.find((row) => row.line === 'result')).toMatchObject({ currentCents: 830_000, priorCents: 700_000, changePercent: 18.6 })
    expect(table.find((row) => row.line === 'personnel')).toMatchObject({ priorCents: 0, changePercent: null })
  })

  it('gives the chart twelve months with the prior year, and signs by document type', () => {
    const months = kerMonths(rows, DEFAULT_KER_RANGES, 2026)
    expect(months).toHaveLength(12)
    expect(months[0]).toEqual({ month: 1, revenueCents: 1_200_000, resultCents: 330_000, priorRevenueCents: 800_000, priorResultCents: 700_000 })
    expect(months[1]).toMatchObject({ revenueCents: 500_000, priorRevenueCents: 0 })
    expect([kerSign('AR'), kerSign('ER'), kerSign('KA')]).toEqual([1, -1, -1])
  })

  it('refuses overlapping, reversed and unknown ranges', () => {
    expect(checkKerRanges(DEFAULT_KER_RANGES)).toEqual([])
    expect(checkKerRanges([
      { from: 4000, to: 4999, target: 'revenue' },
      { from: 4500, to: 5000, target: 'material' },
      { from: 6000, to: 5000, target: 'personnel' },
      { from: 7000, to: 7100, target: 'taxes' as never },
    ])).toEqual([
      { index: 1, rule: 'mapping.overlap' },
      { index: 2, rule: 'mapping.fromAfterTo' },
      { index: 3, rule: 'mapping.unknownTarget' },
    ])
  })
})

describe('the whole year of a running year is cumulative (issue 31)', () => {
  it('runs to the last closed month of the running year, and whole for any other year', () => {
    expect(cumulativeTo(2026, '2026-11-28')).toBe(10)
    expect(cumulativeTo(2026, '2026-01-15')).toBe(1)
    expect(cumulativeTo(2025, '2026-11-28')).toBeNull()
    expect(kerMonthsCompared('year', 1, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(kerMonthsCompared('year', 1, null)).toHaveLength(12)
    expect(kerMonthsCompared('quarter', 2, 10)).toEqual([4, 5, 6])
  })
})
