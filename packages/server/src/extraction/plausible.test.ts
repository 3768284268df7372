import { readFileSync } from 'node:fs'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { extractDocument } from './extract'

const cii = readFileSync(new URL('./fixtures/factur-x-cii.xml', import.meta.url), 'utf8')

/** The CII fixture with the text of the first element of each name replaced. */
function ciiWith(replacements: Record<string, string>): Uint8Array {
  let xml = cii
  for (const [name, value] of Object.entries(replacements)) {
    xml = xml.replace(new RegExp(`(<(?:\\w+:)?${name}\\b[^>]*>)[^<]*(</)`), `$1${value}$2`)
  }
  return new TextEncoder().encode(xml)
}

async function textPdf(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const page = doc.addPage([595, 842])
  lines.forEach((text, i) => page.drawText(text, { x: 50, y: 780 - i * 18, size: 11, font }))
  return doc.save()
}

describe('values a document cannot hold are not read', () => {
  it('an e-invoice date that is no calendar day (00000000, 99999999, 30 February) gives no date', async () => {
    for (const date of ['00000000', '99999999', '20260230']) {
      const result = await extractDocument(ciiWith({ DateTimeString: date }))
      expect(result.ok).toBe(true)
      if (result.ok) expect(result.values.issue_date, date).toBeUndefined()
    }
  })

  it('an e-invoice total beyond 13 digits gives no total, a normal one stays exact', async () => {
    const huge = await extractDocument(ciiWith({ GrandTotalAmount: '99999999999999999999999999.999' }))
    expect(huge.ok && huge.values.total_gross).toBeUndefined()
    const normal = await extractDocument(ciiWith({ GrandTotalAmount: '9999999999999.99' }))
    expect(normal.ok && normal.values.total_gross?.value).toBe('9999999999999.99')
  })

  it('a printed total of 18 digits is not taken as the invoice total', async () => {
    const result = await extractDocument(
      await textPdf([
        'Installateur Gruber GmbH, Landstrasse 12, 4020 Linz',
        'UID-Nr.: ATU13585627',
        'Rechnungsdatum: 14.11.2026',
        'Netto 20 %   EUR 99.999.999.999.999.999,00',
        'Gesamtbetrag   EUR 119.999.999.999.999.999,00',
      ]),
    )
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.values.total_gross).toBeUndefined()
    expect(result.values.total_net).toBeUndefined()
    expect(result.values.issue_date?.value).toBe('2026-11-14')
  })
})
