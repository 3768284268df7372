import { describe, expect, it } from 'vitest'
import { amountProblem, amountUnits, formatUnits, isBalanced, mt940BookingDate, mt940Date, unitsToCents } from './amounts'
import { accountOf, unwrapSwift } from './mt940'

describe('exact bank amounts', () => {
  it('reads up to five decimals exactly, in CAMT and MT940 notation', () => {
    expect(amountUnits('8.850')).toBe(885_000)
    expect(amountUnits('0.12345')).toBe(12_345)
    expect(amountUnits('1234,5')).toBe(123_450_000)
    expect(amountUnits('6800,')).toBe(680_000_000)
    expect(amountUnits('1.123456')).toBeNaN()
    expect(amountProblem('1.123456')).toBe('decimals')
    expect(amountProblem('12345678901')).toBe('digits')
    expect(amountProblem('1,2,3')).toBe('form')
  })

  it('writes the exact text with at least two decimals and rounds to cents half away from zero', () => {
    expect(formatUnits(885_000)).toBe('8.85')
    expect(formatUnits(-12_345)).toBe('-0.12345')
    expect(formatUnits(120_000_000)).toBe('1200.00')
    expect(formatUnits(100)).toBe('0.001')
    expect(unitsToCents(500)).toBe(1)
    expect(unitsToCents(-500)).toBe(-1)
    expect(unitsToCents(-499)).toBe(-0)
  })

  it('balances with all five decimals: cents would hide three sub-cent movements', () => {
    const entries = [{ amountUnits: 400 }, { amountUnits: 400 }, { amountUnits: 400 }]
    expect(isBalanced({ openingUnits: 0, closingUnits: 1_200, entries })).toBe(true)
    expect(isBalanced({ openingUnits: 0, closingUnits: 1_000, entries })).toBe(false)
  })
})

describe('MT940 accounts and envelopes', () => {
  it('tells the IBAN of :25: with a currency suffix, and of a German or Austrian bank code/account', () => {
    expect(accountOf('NL81ASNB9999999999EUR')).toBe('NL81ASNB9999999999')
    expect(accountOf('DE89 3704 0044 0532 0130 00/EUR')).toBe('DE89370400440532013000')
    expect(accountOf('37040044/532013000')).toBe('DE89370400440532013000')
    expect(accountOf('20815/00012345678')).toBe('AT022081500012345678')
    expect(accountOf('UBRTHUHB/123456789150ABCDEF002/HUF')).toBe('UBRTHUHB/123456789150ABCDEF002/HUF')
  })

  it('removes every message\'s framing, nested header blocks and trailers, keeping the lines', () => {
    const file = '\x01{1:F01X}{2:O940X}{3:{108:A}{119:STP}}{4:\r\n:20:A\r\n-}{5:{CHK:1}}\x03\r\n\x01{1:F01X}{2:O940X}{4:\r\n:20:B\r\n-}\x03\r\n'
    expect(unwrapSwift(file).split('\n').filter((line) => line !== '')).toEqual([':20:A', ':20:B'])
  })
})

describe('MT940 dates', () => {
  it('takes a 30-day month\'s 30 February as the month\'s last day and a booking across New Year into the next year', () => {
    expect(mt940Date('160230')).toBe('2016-02-29')
    expect(mt940Date('261331')).toBeNull()
    expect(mt940BookingDate('2025-12-31', '0102')).toBe('2026-01-02')
    expect(mt940BookingDate('2026-01-02', '1231')).toBe('2025-12-31')
  })
})
