import { describe, expect, it } from 'vitest'
import { extractDocument } from '../../packages/server/src/extraction/extract'
import { closeOcr, configureOcr } from '../../packages/server/src/extraction/ocr/pool'
import { simulateScan } from '../../packages/server/src/extraction/ocr/scan'
import { austrianInvoice, HELD_OUT_SEEDS, type AustrianTruth } from '../support/austrian-invoices'

const FIELDS = ['invoice_number', 'issue_date', 'due_date', 'total_gross', 'total_net', 'seller_vat_id', 'buyer_name', 'buyer_vat_id', 'iban', 'iban_payer_debit', 'delivery_date'] as const

async function read(bytes: Uint8Array) {
  const result = await extractDocument(bytes)
  if (!result.ok) throw new Error(`refused: ${result.refusal.key}`)
  return result
}

/** What the reader got for the fields the truth states, next to the truth, so a failure names the field. */
function compare(values: Record<string, { value: unknown } | undefined>, truth: AustrianTruth) {
  const got: Record<string, unknown> = {}
  const want: Record<string, unknown> = {}
  for (const field of FIELDS) {
    if (truth[field] === null) continue
    want[field] = truth[field]
    got[field] = values[field]?.value ?? null
  }
  const breakdown = values.tax_breakdown?.value as { rate: string; basis: string; tax: string }[] | undefined
  got.tax_breakdown = breakdown?.map((line) => `${line.rate}:${line.basis}:${line.tax}`)
  want.tax_breakdown = truth.tax_breakdown.map((line) => `${line.rate}:${line.basis}:${line.tax}`)
  return { got, want }
}

describe('Austrian invoices from the page (generated, held-out seeds)', () => {
  it('reads number, dates, due date from the terms, totals, breakdown, seller and buyer UID, buyer, IBAN', async () => {
    for (const seed of HELD_OUT_SEEDS.slice(0, 20)) {
      const { pdf, truth } = await austrianInvoice(seed)
      const { got, want } = compare((await read(pdf)).values, truth)
      expect({ seed, ...got }).toEqual({ seed, ...want })
    }
  }, 60_000)

  it('tells small business and reverse charge apart, with a zero-rate breakdown', async () => {
    let seen = 0
    for (const seed of HELD_OUT_SEEDS) {
      const { pdf, truth } = await austrianInvoice(seed)
      if (!truth.small_business && !truth.reverse_charge) continue
      seen += 1
      const { values } = await read(pdf)
      expect(values.small_business?.value ?? null).toBe(truth.small_business ? 'true' : null)
      expect(values.reverse_charge?.value ?? null).toBe(truth.reverse_charge ? 'true' : null)
      expect(values.total_tax?.value).toBe('0.00')
    }
    expect(seen).toBeGreaterThan(3)
  }, 60_000)
})

describe('Austrian invoices from 300 dpi scans', () => {
  configureOcr({ workers: 1 })

  it('reads a multi-page scan (one TIFF, totals on the last page) and single-page scans with their fields', async () => {
    try {
      const seeds = HELD_OUT_SEEDS.slice(0, 40)
      const multi = []
      for (const seed of seeds) {
        const invoice = await austrianInvoice(seed)
        if (multi.length === 0 && invoice.truth.tax_breakdown.length > 0 && (await read(invoice.pdf)).text.length > 1) multi.push({ seed, ...invoice })
      }
      const single = await austrianInvoice(HELD_OUT_SEEDS[0])
      for (const { pdf, truth } of [...multi, single]) {
        const pages = (await read(pdf)).text.length
        const scan = simulateScan(pdf, { dpi: 300, degrees: 0.8, seed: 5 })
        const result = await read(scan)
        expect(result.kind).toBe('tiff')
        expect(result.text).toHaveLength(pages)
        expect(result.values.total_gross?.value).toBe(truth.total_gross)
        expect(result.values.seller_vat_id?.value).toBe(truth.seller_vat_id)
      }
      expect(multi).toHaveLength(1)
    } finally {
      await closeOcr()
    }
  }, 240_000)
})
