import { describe, expect, it } from 'vitest'
import { EXPECTED_ASSESSMENTS, EXPECTED_RETURNS, expectedKey, generateFonFiles } from '../support/fon-files'
import { FonImportError, parseImportRows, quotaDates, quotaStatus, reconcile, validateFonUser, validateRemark, type RawRow } from '../../packages/sdk/src/domain/index'

/** Splits a generated ';' CSV (no quoted separators in it) into header and rows. */
function table(text: string): { header: string[]; rows: RawRow[] } {
  const [head, ...lines] = text.trim().split('\n')
  const header = head.split(';')
  return { header, rows: lines.map((line) => Object.fromEntries(line.split(';').map((cell, index) => [header[index], cell]))) }
}

describe('the quota rule (§134a BAO)', () => {
  it('has the five dates of the annual returns and the two of business assessments, end of February in leap years', () => {
    expect(quotaDates(2025, 'returns').map(({ date, targetPercent }) => [date, targetPercent])).toEqual([
      ['2026-10-31', 20], ['2026-11-30', 40], ['2027-01-31', 60], ['2027-02-28', 80], ['2027-03-31', 100],
    ])
    expect(quotaDates(2026, 'returns')[3].date).toBe('2028-02-29')
    expect(quotaDates(2025, 'assessments').map(({ date, targetPercent }) => [date, targetPercent])).toEqual([['2026-11-30', 50], ['2027-01-31', 100]])
  })

  it('forecasts the next date from the pace since filing opened', () => {
    // 10 returns; 3 received by 31 Oct 2026 (30 % ≥ 20 %); next is 30 Nov (40 % = 4 needed).
    const items = Array.from({ length: 10 }, (_, index) => ({ returnType: 'E' as const, counts: true, receivedOn: index < 3 ? '2026-10-15' : null }))
    const early = quotaStatus(items, 2025, '2026-11-01').dates.filter((date) => date.group === 'returns')
    expect(early[0]).toMatchObject({ achieved: 3, required: 2, outlook: 'met', next: false })
    // 3 in 305 days: about 0.3 more by 30 Nov, so 4 is not reached.
    expect(early[1]).toMatchObject({ required: 4, achieved: 3, outlook: 'atRisk', projected: 3, next: true })
    const fast = quotaStatus(items.map((item, index) => ({ ...item, receivedOn: index < 3 ? '2026-01-10' : null })), 2025, '2026-01-20')
    // 3 in 20 days: by 31 Oct far more than the 2 needed.
    expect(fast.dates[0]).toMatchObject({ outlook: 'met' })
    expect(fast.dates[1]).toMatchObject({ outlook: 'onTrack', next: false })
  })
})

describe('reconciliation and the quota of 300 generated clients', () => {
  const year = 2025
  const files = generateFonFiles({ year })
  const records = parseImportRows('records', table(files.recordsCsv).header, table(files.recordsCsv).rows)
  const rows = parseImportRows('quota', table(files.quotaCsv).header, table(files.quotaCsv).rows)
  const items = reconcile(records, rows)

  it('gives every client its state and conflict kind, item by item', () => {
    expect(items).toHaveLength(300)
    const byKey = new Map(items.map((item) => [`${item.taxId}|${item.returnType}|${item.year}`, item]))
    for (const expected of files.items) {
      const item = byKey.get(expectedKey(expected))
      expect(item, expected.name).toBeDefined()
      expect({ key: expectedKey(expected), state: item!.state, kind: item!.conflictKind, field: item!.conflictField }).toEqual({
        key: expectedKey(expected),
        state: expected.expectedState,
        kind: expected.expectedKind,
        field: expected.expectedField,
      })
    }
    const states = new Set(items.map((item) => item.state))
    expect([...states].sort()).toEqual(['dataConflict', 'noNTCSRecord', 'notRelevant', 'open', 'submitted'])
    expect(new Set(items.map((item) => item.conflictKind))).toEqual(new Set([null, 'noNTCSRecord', 'ntcsMismatch', 'fonMismatch']))
  })

  it('shows both sides of a mismatch', () => {
    const taxIdConflict = items.find((item) => item.conflictField === 'taxId')!
    const generated = files.items.find((item) => item.fonTaxId === taxIdConflict.taxId)!
    expect(taxIdConflict).toMatchObject({ ntcsValue: generated.taxId, fonValue: generated.fonTaxId, action: 'correctNtcs' })
    const missing = items.find((item) => item.conflictField === 'receivedOn')!
    expect(missing).toMatchObject({ fonValue: null, action: 'checkFon' })
    expect(missing.ntcsValue).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('matches the hand-computed percentages at every date, business assessments included', () => {
    const counted = items.map((item) => ({
      returnType: item.returnType,
      counts: item.state !== 'notRelevant' && !(item.conflictKind === 'fonMismatch' && item.conflictField === 'item'),
      receivedOn: item.receivedOn,
    }))
    const status = quotaStatus(counted, year, '2027-06-30')
    const pick = (group: string) =>
      status.dates.filter((date) => date.group === group).map(({ targetPercent, achieved, total, achievedPercent, required, outlook }) => ({ targetPercent, achieved, total, achievedPercent, required, outlook }))
    expect(pick('returns')).toEqual(EXPECTED_RETURNS)
    expect(pick('assessments')).toEqual(EXPECTED_ASSESSMENTS)
  })
})

describe('import rows', () => {
  it('names the row, column and rule of the first broken cell', () => {
    const header = ['persNr', 'taxId', 'name', 'quotenArt', 'year']
    const good = { persNr: '1', taxId: '12-345/6789', name: 'A', quotenArt: 'E', year: '2025' }
    const check = (rows: RawRow[]) => {
      try {
        parseImportRows('records', header, rows)
      } catch (error) {
        return (error as FonImportError).problem
      }
      return null
    }
    expect(check([good])).toBeNull()
    expect(check([good, { ...good, persNr: '2', taxId: '12345' }])).toMatchObject({ row: 3, column: 'taxId', rule: 'taxId' })
    expect(check([good, { ...good, persNr: '2', quotenArt: 'X' }])).toMatchObject({ row: 3, column: 'quotenArt', rule: 'returnType' })
    expect(check([good, good])).toMatchObject({ row: 3, column: 'taxId', rule: 'duplicate' })
    expect(check([{ ...good, abgabedatum: '31.02.2026' }])).toMatchObject({ row: 2, column: 'abgabedatum', rule: 'date' })
    expect(() => parseImportRows('quota', ['taxId', 'name'], [])).toThrow(FonImportError)
  })

  it('keeps the FON user form rules and the required remark', () => {
    expect(validateFonUser({ participantId: '', userId: '' })).toEqual({ participantId: { key: 'validation:notEmpty' }, userId: { key: 'validation:notEmpty' } })
    expect(validateFonUser({ participantId: 'abc', userId: 'WEB1' })).toEqual({ participantId: { key: 'validation:number' } })
    expect(validateFonUser({ participantId: '123456', userId: 'WEB1' })).toEqual({})
    expect(validateRemark('  ')).toEqual({ key: 'validation:notEmpty' })
    expect(validateRemark('FON confirmed by phone')).toBeNull()
  })
})
