import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { DEFAULT_TAX_CODE_TARGETS } from '@portal/sdk/domain'
import { writeBookingFile } from './index'
import { SAMPLE_BOOKINGS, sampleInput } from './test-support'

// These tests read the files back with csv-parse and the platform's Windows-1252 decoder, not with the writers' code,
// and derive every expectation from the bookings themselves.

type Row = Record<string, string>

const decode1252 = (bytes: Uint8Array) => new TextDecoder('windows-1252').decode(bytes)
/** '1.234,56' or '-12,00' → cents. */
const commaCents = (value: string) => Math.round(Number(value.replace(',', '.')) * 100) + 0
const dotCents = (value: string) => Math.round(Number(value) * 100)
const usdRate = 1.085

/** Every tax line of the sample bookings in file order, with the values a reader expects of it. */
const expectedLines = SAMPLE_BOOKINGS.flatMap((booking) =>
  booking.lines.map((line) => {
    const foreign = booking.currency !== 'EUR'
    const toEur = (amount: string) => Math.round((dotCents(amount) / (foreign ? usdRate : 1)))
    return {
      booking,
      line,
      outgoing: booking.document_type === 'AR',
      grossCents: dotCents(line.gross),
      taxCents: dotCents(line.tax),
      grossEur: toEur(line.gross),
      taxEur: toEur(line.tax),
      target: DEFAULT_TAX_CODE_TARGETS.find((t) => t.code === line.taxCode),
    }
  }),
)

describe('a BMD file read back independently', () => {
  const text = decode1252(writeBookingFile(sampleInput('bmd')).bytes)
  const rows: Row[] = parse(text, { delimiter: ';', columns: true, quote: false, record_delimiter: '\r\n', skip_empty_lines: true })

  it('has one row per tax line with accounts, numbers, dates and codes of its booking', () => {
    expect(rows).toHaveLength(expectedLines.length)
    rows.forEach((row, i) => {
      const { booking, line, outgoing, target } = expectedLines[i]!
      const [y, m, d] = booking.document_date.split('-')
      const [by, bm, bd] = booking.booking_date.split('-')
      expect(row.satzart).toBe('0')
      expect(row.konto).toBe(String(booking.account))
      expect(row.gkonto).toBe(String(booking.counter_account))
      expect(row.belegnr).toBe(String(booking.booking_no))
      expect(row.belegdatum).toBe(`${d}.${m}.${y}`)
      expect(row.buchdatum).toBe(`${bd}.${bm}.${by}`)
      expect(row.periode).toBe(booking.period.slice(5))
      expect(row.buchcode).toBe(outgoing ? '1' : '2')
      expect(Number(row.prozent!.replace(',', '.'))).toBe(Number(line.rate))
      expect(row.steuercode).toBe(target!.bmdSteuercode)
      expect(row.kost).toBe(booking.cost_center ?? '')
      expect(row.extbelegnr).toBe(booking.document_number)
    })
  })

  it('signs betrag with the partner side (customer +, supplier −) and steuer by its kind (USt −, VSt +, Erwerbsteuer − on both sides), turned for credit notes and reversals', () => {
    rows.forEach((row, i) => {
      const { outgoing, grossEur, taxEur, booking, grossCents, taxCents } = expectedLines[i]!
      const side = outgoing ? 1 : -1
      // BMD: "Umsatzst.: Minus / Vorst. Plus / Erwerbsst.: Soll u. Haben Minus" — §19 (VRC20) is Erwerbsteuer.
      const taxSign = booking.lines.some((line) => line.taxCode === 'VRC20') ? -1 : -side
      expect(commaCents(row.betrag!), `betrag of booking ${booking.booking_no}`).toBe(side * grossEur)
      expect(commaCents(row.steuer!), `steuer of booking ${booking.booking_no}`).toBe(taxSign * taxEur + 0)
      if (booking.currency !== 'EUR') {
        expect(row.waehrung).toBe(booking.currency)
        expect(commaCents(row.fwbetrag!)).toBe(side * grossCents)
        expect(commaCents(row.fwsteuer!)).toBe(taxSign * taxCents + 0)
      } else expect(row.waehrung).toBe('')
    })
    // The credit note (booking 4) and the reversal (7) really do carry the turned signs.
    expect(commaCents(rows.find((r) => r.belegnr === '4')!.betrag!)).toBe(-24000)
    expect(commaCents(rows.find((r) => r.belegnr === '7')!.betrag!)).toBe(100000)
    expect(commaCents(rows.find((r) => r.belegnr === '5')!.betrag!)).toBe(-10000)
  })

  it('states payment terms as days after the invoice date', () => {
    const first = rows[0]!
    expect([first.zziel, first.skontopz, first.skontotage]).toEqual(['30', '2', '14'])
    // The Skonto amount BMD also takes: 2 % of the line's gross 120,00, opposite to betrag.
    expect(first.skonto).toBe('2,40')
  })
})

describe('a DATEV file read back independently', () => {
  const text = decode1252(writeBookingFile(sampleInput('datev')).bytes)
  const [headerLine = '', ...rest] = text.split('\r\n')
  const header = parse(headerLine, { delimiter: ';' })[0] as string[]
  const rows: Row[] = parse(rest.join('\r\n'), { delimiter: ';', columns: true, skip_empty_lines: true })

  it('starts with the EXTF header: format 700/21/13, consultant and client, fiscal year, account length, range', () => {
    expect(header.slice(0, 5)).toEqual(['EXTF', '700', '21', 'Buchungsstapel', '13'])
    expect(header[5]).toBe('20260202083015250')
    expect(header.slice(10, 16)).toEqual(['29098', '55003', '20260101', '5', '20260101', '20260131'])
    expect(header[21]).toBe('EUR')
  })

  it('has one row per tax line with amount, Soll/Haben, accounts, BU key, dates and numbers of its booking', () => {
    expect(rows).toHaveLength(expectedLines.length)
    rows.forEach((row, i) => {
      const { booking, outgoing, grossCents, grossEur, target } = expectedLines[i]!
      // Belegdatum is the document's date (all sample invoices are dated in the batch's January).
      const [, m, d] = booking.document_date.split('-')
      // The partner account is debited by a positive outgoing invoice and credited by a positive incoming one.
      const debit = outgoing === grossCents >= 0
      expect(commaCents(row['Umsatz (ohne Soll/Haben-Kz)']!)).toBe(Math.abs(grossCents))
      expect(row['Soll/Haben-Kennzeichen'], `S/H of booking ${booking.booking_no}`).toBe(debit ? 'S' : 'H')
      expect(row.Konto).toBe(String(booking.account))
      expect(row['Gegenkonto (ohne BU-Schlüssel)']).toBe(String(booking.counter_account))
      expect(row['BU-Schlüssel']).toBe(target!.datevBu)
      expect(row.Belegdatum).toBe(`${d}${m}`)
      expect(row['Belegfeld 1']).toBe(String(booking.booking_no))
      expect(row['Beleginfo - Inhalt 1']).toBe(booking.document_number)
      expect(row['KOST1 - Kostenstelle']).toBe(booking.cost_center ?? '')
      expect(row['WKZ Umsatz']).toBe(booking.currency)
      if (booking.currency !== 'EUR') {
        expect(Number(row.Kurs!.replace(',', '.'))).toBe(usdRate)
        expect(commaCents(row['Basis-Umsatz']!)).toBe(Math.abs(grossEur))
        expect(row['WKZ Basis-Umsatz']).toBe('EUR')
      }
    })
  })

  it('keeps the text with its quotes and semicolons, marks the business lunch and gives the due date', () => {
    expect(rows[0]!.Buchungstext).toBe('Büromaterial Müller & Söhne; Jänner')
    expect(rows[0]!['Fälligkeit']).toBe('04022026')
    expect(rows.find((r) => r['Belegfeld 1'] === '4')!.Buchungstext).toBe('Gutschrift "Retoure"')
    const lunch = rows.filter((r) => r['Belegfeld 1'] === '6')
    expect(lunch.map((r) => r['Beleginfo - Art 3'])).toEqual(['Bewirtung', 'Bewirtung'])
    expect(lunch[0]!['Beleginfo - Inhalt 3']).toBe('Projektbesprechung (A. Huber, B. Maier)')
  })
})

describe('the neutral CSV read back independently', () => {
  const rows: Row[] = parse(new TextDecoder().decode(writeBookingFile(sampleInput('csv')).bytes), { columns: true })

  it('carries every line with the amounts as booked, in the currency and in euro', () => {
    expect(rows).toHaveLength(expectedLines.length)
    rows.forEach((row, i) => {
      const { booking, line, grossEur, taxEur } = expectedLines[i]!
      expect(row.booking_no).toBe(String(booking.booking_no))
      expect([row.tax_code, row.net, row.tax, row.gross]).toEqual([line.taxCode, line.net, line.tax, line.gross])
      expect(dotCents(row.gross_eur!)).toBe(grossEur)
      expect(dotCents(row.tax_eur!)).toBe(taxEur)
      expect(row.business_lunch).toBe(String(booking.business_lunch))
    })
    expect(rows.at(-1)!.reverses_booking_no).toBe('2')
  })
})
