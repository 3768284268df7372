import type { KerReport } from '@portal/sdk/services'
import { formatCents } from '@portal/sdk/domain'
import { kerTextRows, reportsT } from './kerTexts'

const decimal = (cents: number): string => formatCents(cents)

/** The KER as CSV (semicolon-separated, as Austrian Excel opens it; amounts with a decimal point, UTF-8 with BOM). */
export function kerCsv(report: KerReport, locale: 'en' | 'de'): string {
  const rows = kerTextRows(report, reportsT(locale), decimal, (value) => (value === null ? '' : value.toFixed(1)))
  const cell = (value: string) => (/[;"\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)
  return `\uFEFF${rows.map((row) => row.map(cell).join(';')).join('\r\n')}\r\n`
}

/** The KER as an XLSX workbook: numbers as numbers (two decimals), the firm and company above the table. */
export async function kerXlsx(report: KerReport, locale: 'en' | 'de'): Promise<Uint8Array> {
  const t = reportsT(locale)
  // exceljs is large: it loads with the first workbook, not with the server.
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.Workbook()
  workbook.creator = report.firm_name
  const sheet = workbook.addWorksheet('KER')
  sheet.addRow([t('kerTitle')]).font = { bold: true, size: 14 }
  sheet.addRow([t('pdf.forCompany', { company: report.company_name, number: report.company_no })])
  sheet.addRow([t('pdf.preparedBy', { firm: report.firm_name })])
  sheet.addRow([])
  const [head] = kerTextRows(report, t, decimal, () => '')
  sheet.addRow(head).font = { bold: true }
  for (const row of report.rows) {
    sheet.addRow([t(`line.${row.line}`), row.currentCents / 100, row.priorCents / 100, row.differenceCents / 100, row.changePercent === null ? null : row.changePercent / 100])
  }
  sheet.getColumn(1).width = 36
  for (const column of [2, 3, 4]) sheet.getColumn(column).numFmt = '#,##0.00'
  sheet.getColumn(5).numFmt = '0.0%'
  for (const column of [2, 3, 4, 5]) sheet.getColumn(column).width = 16
  sheet.addRow([])
  sheet.addRow([t('pdf.note')])
  return new Uint8Array(await workbook.xlsx.writeBuffer())
}
