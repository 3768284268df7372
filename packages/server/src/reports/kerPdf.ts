import type { KerReport } from '@portal/sdk/services'
import { money, percent } from './format'
import { kerNotes, kerTextRows, reportsT } from './kerTexts'

/** The KER as a one-page A4 PDF for the client: the firm's name, the company, the table against the prior year. */
export async function kerPdf(report: KerReport, locale: 'en' | 'de', today: string): Promise<Uint8Array> {
  const t = reportsT(locale)
  // pdf-lib loads with the first PDF made, not with the server.
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib')
  const pdf = await PDFDocument.create()
  pdf.setTitle(`${t('kerTitle')} – ${report.company_name}`)
  pdf.setAuthor(report.firm_name)
  const page = pdf.addPage([595.28, 841.89])
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  let y = 790
  const text = (value: string, x: number, size = 10, face = font, right = false) => {
    const width = right ? face.widthOfTextAtSize(value, size) : 0
    page.drawText(value, { x: x - width, y, size, font: face, color: rgb(0.1, 0.1, 0.1) })
  }
  text(t('pdf.preparedBy', { firm: report.firm_name }), 50, 9)
  y -= 28
  text(t('kerTitle'), 50, 16, bold)
  y -= 20
  text(t('pdf.forCompany', { company: report.company_name, number: report.company_no }), 50, 11)
  y -= 14
  text(t('pdf.created', { date: today }), 50, 9)
  y -= 30
  const columns = [50, 330, 420, 490, 545]
  const rows = kerTextRows(report, t, (cents) => money(cents, locale), (value) => percent(value, locale))
  rows.forEach((row, index) => {
    const face = index === 0 || index === rows.length - 1 ? bold : font
    // A cumulative year's heads ("Jänner–Oktober 2026") are long: smaller, so the columns keep apart.
    row.forEach((cell, column) => text(cell, columns[column], index === 0 && cell.length > 12 ? 8 : 10, face, column > 0))
    y -= index === 0 ? 6 : 0
    if (index === 0 || index === rows.length - 2) page.drawLine({ start: { x: 50, y: y + 2 }, end: { x: 545, y: y + 2 }, thickness: 0.5 })
    y -= 18
  })
  y -= 12
  for (const note of [...kerNotes(report, t), t('pdf.note')]) {
    for (const part of wrap(note, (value) => font.widthOfTextAtSize(value, 8), 495)) {
      text(part, 50, 8)
      y -= 11
    }
    y -= 3
  }
  return pdf.save()
}

/** A text split at spaces into lines no wider than `width` (a single longer word keeps its own line). */
function wrap(value: string, measure: (text: string) => number, width: number): string[] {
  const lines: string[] = []
  let current = ''
  for (const word of value.split(' ')) {
    const next = current ? `${current} ${word}` : word
    if (current && measure(next) > width) {
      lines.push(current)
      current = word
    } else current = next
  }
  return current ? [...lines, current] : lines
}
