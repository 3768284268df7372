import { describe, expect, it } from 'vitest'
import { extractDocument } from '../extract'
import { drawInvoice, type DrawnLine } from '../rules/test-invoices'
import { SOURCE_MACHINE_LEARNING } from '../sources'
import { learnSupplier } from './learn'

// A supplier that prints its invoice number after an unusual label ("Vorgang") and mentions an order
// number in the title: the generic rules take the order number.
function bergbahnInvoice(number: string, date: string): DrawnLine[] {
  return [
    [50, 50, 'Bergbahnen Tirol GmbH', 14],
    [50, 66, 'Talstation 1, 6460 Imst   UID ATU37893801'],
    [50, 120, 'Rechnung zu Auftrag Nr. 5521'],
    [350, 150, 'Vorgang:'],
    [420, 150, number],
    [350, 164, 'Datum:'],
    [420, 164, date],
    [50, 220, 'Saisonkarten Mitarbeiter'],
    [460, 220, '1.200,00'],
    [300, 260, 'Netto'],
    [460, 260, '1.200,00'],
    [300, 276, 'USt 10 %'],
    [460, 276, '120,00'],
    [300, 292, 'Gesamt'],
    [460, 292, '1.320,00'],
    [50, 760, 'IBAN AT61 1904 3002 3457 3201'],
  ]
}

describe('per-supplier memory', () => {
  it('gets the second document of a supplier right where the rules alone got the first one wrong', async () => {
    const first = await extractDocument(await drawInvoice(bergbahnInvoice('VG-88231', '03.02.2026')))
    if (!first.ok) throw new Error('refused')
    // The rules alone read the order number.
    expect(first.values.invoice_number?.value).toBe('5521')

    // A person corrects the number; the correction is kept with where it stands and its label.
    const numberOnPage = first.text[0].lines.flatMap((l) => l.spans).find((s) => s.word.text === 'VG-88231')
    const memory = learnSupplier(
      null,
      [
        { field: 'invoice_number', value: 'VG-88231', page: 1, box: numberOnPage?.word.box ?? null, label: 'Vorgang:' },
        { field: 'seller_vat_id', value: 'ATU37893801', page: 1, box: null },
      ],
      first.text.map((p) => ({ page: p.page, width: p.width, height: p.height })),
      { account: 7600, cost_center: 'VERW' },
    )

    const second = await extractDocument(await drawInvoice(bergbahnInvoice('VG-90417', '04.03.2026')), {
      supplierMemories: [memory],
    })
    if (!second.ok) throw new Error('refused')
    expect(second.values.invoice_number).toMatchObject({ value: 'VG-90417', source: SOURCE_MACHINE_LEARNING, page: 1 })
    // Fields the memory did not learn keep the rules' values.
    expect(second.values.total_gross?.value).toBe('1320.00')
    expect(memory.defaults).toEqual({ account: 7600, cost_center: 'VERW' })
  })

  it('applies no memory to a document of another supplier', async () => {
    const memory = learnSupplier(null, [{ field: 'invoice_number', value: 'X', page: 1, box: null, label: 'Vorgang:' }], [
      { page: 1, width: 595, height: 842 },
    ])
    const other = { ...memory, vatId: 'ATU13585627' }
    const result = await extractDocument(await drawInvoice(bergbahnInvoice('VG-1', '03.02.2026')), { supplierMemories: [other] })
    if (!result.ok) throw new Error('refused')
    expect(result.values.invoice_number?.value).toBe('5521')
  })
})
