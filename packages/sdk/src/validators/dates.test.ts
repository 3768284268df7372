import { describe, expect, it } from 'vitest'
import { calendarDate, invalidDate, isCalendarDate } from './dates'

describe('the one date rule', () => {
  it('takes real calendar days written YYYY-MM-DD', () => {
    for (const text of ['2026-01-31', '2024-02-29', '2000-02-29', '1900-01-01', '2199-12-31']) expect(isCalendarDate(text), text).toBe(true)
  })

  it('refuses days that do not exist, years out of range and other spellings', () => {
    for (const text of ['2026-02-30', '2025-02-29', '1900-02-29', '9999-99-99', '2026-13-01', '2026-00-10', '2026-04-31', '9999-12-31', '1899-12-31', '2200-01-01', '0000-01-01', '26-01-01', '2026-1-1', '2026-01-01T00:00:00Z', ' 2026-01-01', '']) {
      expect(isCalendarDate(text), text).toBe(false)
    }
  })

  it('builds the text of a day from its parts, or null', () => {
    expect(calendarDate(2026, 3, 7)).toBe('2026-03-07')
    expect(calendarDate(2026, 2, 30)).toBeNull()
    expect(calendarDate(10_000, 1, 1)).toBeNull()
    expect(calendarDate(2026, 1.5, 1)).toBeNull()
  })

  it('names the years in its message', () => {
    expect(invalidDate()).toEqual({ key: 'validation:date', params: { minYear: 1900, maxYear: 2199 } })
  })
})
