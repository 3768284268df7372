import { describe, expect, it } from 'vitest'
import { DocumentKind } from '@portal/sdk/domain'
import { extractDocument } from '../extract'
import { openPdf } from '../text/pdf-document'
import { readPdfText } from '../text/pdf-text'
import { supplierInvoicePdf as supplierInvoice } from '../test-support'
import { applyMemory, learnField, supplierKeys, supplierKeysOf } from './supplier-memory'

async function pagesOf(bytes: Uint8Array) {
  const opened = await openPdf(bytes)
  if (!opened.ok) throw new Error('test PDF did not open')
  try {
    return await readPdfText(opened.pdf)
  } finally {
    await opened.pdf.destroy()
  }
}

describe('supplier memory', () => {
  it('gets the second document of a supplier right where rules alone got the first wrong', async () => {
    const first = await supplierInvoice('TB-26-0815', '1.440,00')
    const rulesOnFirst = await extractDocument(first)
    expect(rulesOnFirst.ok && rulesOnFirst.values.invoice_number?.value).not.toBe('TB-26-0815')

    // A person labels the invoice number on the first document; the memory learns where it stands.
    const memory = learnField(await pagesOf(first), 'invoice_number', 'TB-26-0815')
    expect(memory).toMatchObject({ field: 'invoice_number', page: 1, label: 'vorgang' })

    const second = await supplierInvoice('TB-26-0999', '96,00')
    const rulesOnSecond = await extractDocument(second)
    expect(rulesOnSecond.ok && rulesOnSecond.values.invoice_number?.value).not.toBe('TB-26-0999')
    const learned = applyMemory(await pagesOf(second), [memory!])
    expect(learned).toHaveLength(1)
    expect(learned[0]).toMatchObject({ field: 'invoice_number', value: 'TB-26-0999', source: 10 })
  })

  it('learns amounts and dates by value and reads the new ones', async () => {
    const first = await pagesOf(await supplierInvoice('TB-1', '1.440,00'))
    const gross = learnField(first, 'total_gross', '1440.00')
    expect(gross?.label).toBe('summe brutto eur')
    const date = learnField(first, 'issue_date', '2026-03-12')
    const next = applyMemory(await pagesOf(await supplierInvoice('TB-2', '96,00')), [gross!, date!])
    expect(next.map((c) => [c.field, c.value])).toEqual([
      ['total_gross', '96.00'],
      ['issue_date', '2026-03-12'],
    ])
  })

  it('forgets nothing it cannot find and keys suppliers by VAT id, IBAN and name', async () => {
    const pages = await pagesOf(await supplierInvoice('TB-1', '10,00'))
    expect(learnField(pages, 'invoice_number', 'NOT-ON-PAGE')).toBeNull()
    expect(supplierKeys({ vatId: 'ATU 1358 5627', iban: 'AT61 1904', name: 'Tischlerei Berger GmbH' })).toEqual([
      'vat:ATU13585627',
      'iban:AT611904',
      'name:tischlerei berger gmbh',
    ])
  })

  it("keys a document by its other party: the seller of an incoming one, the buyer of an outgoing one without our IBAN", () => {
    const values = { seller_vat_id: 'ATU13585627', buyer_vat_id: 'ATU99999999', iban: 'AT611904', seller_name: 'Tischlerei Berger GmbH' }
    expect(supplierKeysOf(values, DocumentKind.ER)).toEqual(['vat:ATU13585627', 'iban:AT611904', 'name:tischlerei berger gmbh'])
    expect(supplierKeysOf(values, DocumentKind.AR)).toEqual(['vat:ATU99999999'])
  })
})
