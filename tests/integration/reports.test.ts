import ExcelJS from 'exceljs'
import { viennaToday } from '../../packages/sdk/src/domain/index'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { KerReport, KerReportQuery } from '../../packages/sdk/src/services/index'
import { pdfText } from '../support/pdf-reader'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'
import { failure } from './services.support'

// Issue 18, the KER on the server: the demo ledger's figures against hand-computed sums, corporate tax never in the
// result, the firm's mapping changed by an administrator (checked, audited), and the PDF, CSV and XLSX exports.

const line = (report: KerReport, name: string) => report.rows.find((row) => row.line === name)!

describe('KER report: figures, mapping, exports', () => {
  let server: TestServer
  let staff: UserSession
  let admin: UserSession
  const year = Number(viennaToday().slice(0, 4))
  const ker = (query: Partial<KerReportQuery>, user = staff) => user.client.service('ker-report').find({ query: { client: 1001, year, granularity: 'year', ...query } })

  beforeAll(async () => {
    server = await startTestServer({ env: { PORTAL_DEMO_LEDGER: '1' } })
    staff = await signInSession(server.url, 'staff@demo.portal')
    admin = await signInSession(server.url, 'admin@demo.portal')
  })
  afterAll(async () => {
    for (const session of [staff, admin]) session?.client.close()
    await server?.close()
  })

  it("adds up last year's demo ledger as computed by hand, without the corporate tax", async () => {
    // Last year, 12 months of: wages 5,600.00, depreciation 420.00, interest 95.00, insurance 210.00, telephone 89.00,
    // consulting 450.00; four corporate tax prepayments of 1,250.00 that the KER leaves out.
    const report = await ker({ year: year - 1 })
    expect(line(report, 'personnel').currentCents).toBe(-12 * 5_600_00)
    expect(line(report, 'depreciation').currentCents).toBe(-12 * 420_00)
    expect(line(report, 'financial').currentCents).toBe(-12 * 95_00)
    const figures = report.rows.filter((row) => row.line !== 'result')
    expect(line(report, 'result').currentCents).toBe(figures.reduce((sum, row) => sum + row.currentCents, 0))
    // The result is revenue less all costs booked on classes 4–8 except 85xx (checked against the database).
    const [{ net }] = (
      await server.knex.raw(
        `select sum(case when document_type = 'AR' then net_total else -net_total end) as net from bookings
          where company_no = 1001 and period like ? and counter_account between 4000 and 8499`,
        [`${year - 1}-%`],
      )
    ).rows as { net: string }[]
    expect(line(report, 'result').currentCents).toBe(Math.round(Number(net) * 100))
    const tax = (await server.knex('bookings').where({ company_no: 1001, counter_account: 8500 }).count('* as n').first()) as { n: string }
    expect(Number(tax.n)).toBeGreaterThan(0)
    expect(report.rows.map((row) => row.line)).toEqual(['revenue', 'material', 'personnel', 'depreciation', 'otherOperating', 'financial', 'result'])
  })

  it('compares a quarter and a month with the prior year and gives the chart twelve months', async () => {
    const quarter = await ker({ granularity: 'quarter', index: 1 })
    expect(quarter.months).toEqual([1, 2, 3])
    const revenue = line(quarter, 'revenue')
    expect(revenue.currentCents).toBeGreaterThan(revenue.priorCents)
    expect(revenue.changePercent).toBe(Math.round(((revenue.currentCents - revenue.priorCents) / revenue.priorCents) * 1000) / 10)
    expect(quarter.chart).toHaveLength(12)
    expect(quarter.chart.slice(0, 3).reduce((sum, point) => sum + point.revenueCents, 0)).toBe(revenue.currentCents)
    expect(quarter.chart.slice(0, 3).reduce((sum, point) => sum + point.priorRevenueCents, 0)).toBe(revenue.priorCents)
    const month = await ker({ granularity: 'month', index: 2 })
    expect(line(month, 'revenue').currentCents).toBe(quarter.chart[1].revenueCents)
    expect(quarter).toMatchObject({ company_name: 'Alpenblick Gastronomie GmbH', firm_name: 'Kanzlei Huber & Partner Steuerberatung GmbH' })
    // A company without bookings answers zeros, not an error.
    expect((await ker({ client: 1003 })).bookings).toBe(0)
  })

  it('compares the whole current year as the same months, cumulative to the last closed month, and says so (issue 31)', async () => {
    // In November, "whole year" was January–November against January–December of the year before. Now both sides
    // run to the last closed month (as a BWA "kumuliert"), and the report names that month.
    const month = Number(viennaToday().slice(5, 7))
    const closed = Math.max(1, month - 1)
    const report = await ker({})
    expect(report.months).toEqual(Array.from({ length: closed }, (_, at) => at + 1))
    expect(report.cumulative_to).toBe(closed)
    const sum = (pick: (point: KerReport['chart'][number]) => number) => report.chart.slice(0, closed).reduce((total, point) => total + pick(point), 0)
    expect(line(report, 'revenue').currentCents).toBe(sum((point) => point.revenueCents))
    expect(line(report, 'revenue').priorCents).toBe(sum((point) => point.priorRevenueCents))
    // A past year is the whole year, twelve months on both sides.
    const past = await ker({ year: year - 1 })
    expect(past.months).toHaveLength(12)
    expect(past.cumulative_to).toBeNull()
    // The exports say it in their heading too.
    const csv = Buffer.from((await staff.client.service('ker-exports').create({ client: 1001, year, granularity: 'year', format: 'csv', locale: 'de' })).base64, 'base64').toString('utf8')
    const monthDe = ['Jänner', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'][closed - 1]
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0].split(';').slice(1, 3)).toEqual([`Jänner–${monthDe} ${year}`, `Jänner–${monthDe} ${year - 1}`])
  })

  it('lets an administrator change the firm\'s mapping (checked, audited); income tax still never counts', async () => {
    const before = await ker({ year: year - 1 })
    expect(await failure(staff.client.service('ker-mappings').patch(1001, { ranges: [] }))).toMatchObject({ code: 403 })
    expect(await failure(admin.client.service('ker-mappings').patch(1001, { ranges: [{ from: 4000, to: 4999, target: 'revenue' }, { from: 4500, to: 5999, target: 'material' }] }))).toMatchObject({
      code: 400,
      data: { key: 'reports:mapping.overlap', params: { range: 2 } },
    })
    expect((await staff.client.service('ker-mappings').find({ query: { client: 1001 } }))[0].custom).toBe(false)

    // Insurance (7700) left out, and a careless range that would pull 85xx into the financial result.
    const ranges = [
      { from: 4000, to: 4999, target: 'revenue' as const },
      { from: 5000, to: 5999, target: 'material' as const },
      { from: 6000, to: 6999, target: 'personnel' as const },
      { from: 7000, to: 7199, target: 'depreciation' as const },
      { from: 7200, to: 7699, target: 'otherOperating' as const },
      { from: 7700, to: 7749, target: 'excluded' as const },
      { from: 7750, to: 7999, target: 'otherOperating' as const },
      { from: 8000, to: 8999, target: 'financial' as const },
    ]
    const saved = await admin.client.service('ker-mappings').patch(1001, { ranges })
    expect(saved).toMatchObject({ custom: true, ranges })
    const after = await ker({ year: year - 1 })
    expect(line(after, 'otherOperating').currentCents - line(before, 'otherOperating').currentCents).toBe(12 * 210_00)
    expect(line(after, 'financial').currentCents).toBe(line(before, 'financial').currentCents)
    const audit = await server.knex('audit_log').where({ action: 'kerMapping.change' }).first()
    expect(audit).toMatchObject({ entity: 'ker-mappings', company_no: 1001 })
    await admin.client.service('ker-mappings').patch(1001, { ranges: [] })
    expect(line(await ker({ year: year - 1 }), 'result').currentCents).toBe(line(before, 'result').currentCents)
  })

  it('exports the KER as a PDF for the client with the firm\'s name, as CSV and as XLSX', async () => {
    const exports = staff.client.service('ker-exports')
    const pdf = await exports.create({ client: 1001, year, granularity: 'year', format: 'pdf', locale: 'de' })
    expect(pdf).toMatchObject({ mime: 'application/pdf', file_name: `KER-1001-${year}.pdf` })
    const text = await pdfText(Buffer.from(pdf.base64, 'base64'))
    expect(text).toContain('Kurzfristige Erfolgsrechnung (KER)')
    expect(text).toContain('Erstellt von Kanzlei Huber & Partner Steuerberatung GmbH')
    expect(text).toContain('Alpenblick Gastronomie GmbH (1001)')
    expect(text).toContain('Ergebnis vor Steuern')
    expect(text).not.toMatch(/Körperschaftsteuer\s+-?\d/)

    const report = await ker({})
    const csv = Buffer.from((await exports.create({ client: 1001, year, granularity: 'year', format: 'csv', locale: 'en' })).base64, 'base64').toString('utf8')
    const rows = csv.replace(/^\uFEFF/, '').trim().split('\r\n').map((row) => row.split(';'))
    // A running year is cumulative to its last closed month (see the test above).
    const to = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, Math.max(1, Number(viennaToday().slice(5, 7)) - 1) - 1, 1)))
    expect(rows[0]).toEqual(['Line', `January–${to} ${year}`, `January–${to} ${year - 1}`, 'Difference', 'Change %'])
    expect(rows.at(-1)?.slice(0, 3)).toEqual(['Result before taxes', (line(report, 'result').currentCents / 100).toFixed(2), (line(report, 'result').priorCents / 100).toFixed(2)])

    const xlsx = await exports.create({ client: 1001, year, granularity: 'quarter', index: 2, format: 'xlsx' })
    expect(xlsx.file_name).toBe(`KER-1001-${year}-Q2.xlsx`)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(Buffer.from(xlsx.base64, 'base64') as unknown as ArrayBuffer)
    const sheet = workbook.getWorksheet('KER')!
    const quarter = await ker({ granularity: 'quarter', index: 2 })
    const values = sheet.getRow(6).values as unknown[]
    expect(values[2]).toBe(line(quarter, 'revenue').currentCents / 100)
    expect(await failure(exports.create({ client: 1006, year, granularity: 'year', format: 'pdf' }))).toMatchObject({ code: 403 })
  })
})
