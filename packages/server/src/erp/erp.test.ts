import { describe, expect, it } from 'vitest'
import { parse } from 'csv-parse/sync'
import { DEFAULT_TAX_CODE_TARGETS } from '@portal/sdk/domain'
import { checkBookings, ErpResultFileError, parseResultFile, writeBookingFile } from './index'
import { formatCents, percentOf, toCents, toEuroCents } from './money'
import { SAMPLE_BOOKINGS, sampleInput } from './test-support'

describe('money', () => {
  it('reads and writes cents exactly, converts currencies and computes tax rounding half away from zero', () => {
    expect(toCents('-1234.5')).toBe(-123450)
    expect(formatCents(-5, ',')).toBe('-0,05')
    expect(toEuroCents(10850, '1.085000')).toBe(10000)
    expect(toEuroCents(-1, '2')).toBe(-1)
    expect(percentOf(1005, '10')).toBe(101)
    expect(percentOf(-1005, '10')).toBe(-101)
    expect(() => toCents('1,00')).toThrow()
  })
})

describe('checkBookings', () => {
  const settings = sampleInput('bmd').settings

  it('accepts the sample bookings in every format', () => {
    for (const format of ['bmd', 'datev', 'csv', 'json'] as const) {
      expect(checkBookings(SAMPLE_BOOKINGS, format, settings, DEFAULT_TAX_CODE_TARGETS, 1001)).toEqual([])
    }
  })

  it('names the document and the reason for wrong tax lines, unknown codes, closed periods and missing rates', () => {
    const [first, , , , foreign] = SAMPLE_BOOKINGS
    const wrong = [
      { ...first!, lines: [{ ...first!.lines[0]!, tax: '21.00', gross: '121.00' }, first!.lines[1]!], gross: '176.00' },
      { ...foreign!, exchange_rate: null },
    ]
    const refusals = checkBookings(wrong, 'bmd', { ...settings, closedThrough: '2026-01' }, DEFAULT_TAX_CODE_TARGETS.filter((t) => t.code !== 'V0'), 1001)
    expect(refusals.map((r) => [r.booking_no, r.reason])).toEqual([
      [1, 'taxMismatch'],
      [1, 'periodClosed'],
      [5, 'unknownTaxCode'],
      [5, 'periodClosed'],
      [5, 'missingExchangeRate'],
    ])
    expect(refusals[0]!.params?.detail).toBe('V20: 20 % of 100.00 is not 21.00')
  })

  it('refuses a DATEV batch without the consultant and client numbers', () => {
    const refusals = checkBookings(SAMPLE_BOOKINGS, 'datev', { ...settings, datevClientNo: null }, DEFAULT_TAX_CODE_TARGETS, 1001)
    expect(refusals).toEqual([
      { document_id: null, booking_no: null, document_number: null, reason: 'missingDatevNumbers', field: 'datev_client_no', params: { companyNo: 1001 } },
    ])
  })
})

describe('parseResultFile', () => {
  it('reads booking numbers, outcomes and messages in either language, any column order and separator', () => {
    const content = '\uFEFFstatus;belegnr;meldung\r\nok;1;\r\n\r\nFehler;2;"Konto 330002 gesperrt; bitte prüfen"\r\nHinweis;3;Skonto abweichend\r\n'
    expect(parseResultFile(content)).toEqual([
      { line: 2, bookingNo: 1, outcome: 'ok', message: null },
      { line: 4, bookingNo: 2, outcome: 'error', message: 'Konto 330002 gesperrt; bitte prüfen' },
      { line: 5, bookingNo: 3, outcome: 'info', message: 'Skonto abweichend' },
    ])
    expect(parseResultFile('booking_no,status,message\n7,error,Period locked\n')).toEqual([
      { line: 2, bookingNo: 7, outcome: 'error', message: 'Period locked' },
    ])
  })

  it('refuses a file without the columns, an unknown status or a number that is none, naming the line', () => {
    expect(() => parseResultFile('a;b\n1;ok')).toThrow(ErpResultFileError)
    const status = (() => {
      try {
        parseResultFile('belegnr;status\n1;ok\n2;maybe\n')
      } catch (error) {
        return error as ErpResultFileError
      }
    })()
    expect([status?.line, status?.reasonKey, status?.params]).toEqual([3, 'erp:error.resultStatus', { status: 'maybe' }])
    expect(() => parseResultFile('belegnr;status\nx1;ok\n')).toThrow(/line 2/)
  })
})

describe('DATEV Belegdatum and tax period', () => {
  const rowOf = (text: string, bookingNo: number) => {
    const [, ...rest] = text.split('\r\n')
    const rows = parse(rest.join('\r\n'), { delimiter: ';', columns: true, skip_empty_lines: true }) as Record<string, string>[]
    const row = rows.find((candidate) => candidate['Belegfeld 1'] === String(bookingNo))!
    return (name: string) => row[name]
  }

  it('writes the invoice date; one dated outside the batch carries the nearer end of its range, its own date in Beleginfo', () => {
    const [first] = SAMPLE_BOOKINGS
    const december = { ...first!, booking_no: 21, document_date: '2025-12-28', booking_date: '2026-02-03' }
    const text = new TextDecoder('windows-1252').decode(writeBookingFile(sampleInput('datev', [december])).bytes)
    const cell = rowOf(text, 21)
    expect([cell('Belegdatum'), cell('Beleginfo - Inhalt 2'), cell('Datum Zuord. Steuerperiode')]).toEqual(['0101', '28.12.2025', ''])
  })

  it('names the booked period in Datum Zuord. Steuerperiode where the invoice date lies in another month of a range batch', () => {
    const [first] = SAMPLE_BOOKINGS
    const february = { ...first!, booking_no: 22, period: '2026-02', document_date: '2026-01-28', booking_date: '2026-02-03' }
    const input = { ...sampleInput('datev', [february]), dateFrom: '2026-01-01', dateTo: '2026-03-31' }
    const cell = rowOf(new TextDecoder('windows-1252').decode(writeBookingFile(input).bytes), 22)
    expect([cell('Belegdatum'), cell('Datum Zuord. Steuerperiode')]).toEqual(['2801', '01022026'])
  })
})
