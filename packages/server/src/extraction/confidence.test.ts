import { describe, expect, it } from 'vitest'
import { bestCandidates } from './best'
import { CONTRADICTED_CONFIDENCE, DataSource, needsAttention } from '@portal/sdk/domain'
import { settleConfidence } from './confidence'
import { layoutLines, type PageText, type TextWord } from './text/layout'
import type { Box, Candidate, FieldName, TaxLine } from './types'

const read = (field: FieldName, value: string | TaxLine[], confidence: number, box: Box | null = null): Candidate => ({ field, value, source: 2, confidence, page: 1, box })

// A page as a text layer lays it out: each line 12 pt below the last, each character 5 pt wide (three spaces part columns).
const CHAR = 5
const LINE = 12
function pageOf(lines: string[]): PageText {
  const words: TextWord[] = []
  lines.forEach((line, row) => {
    for (const match of line.matchAll(/\S+/g)) words.push({ text: match[0], box: { x: 40 + match.index * CHAR, y: 40 + row * LINE, width: match[0].length * CHAR, height: 8 } })
  })
  return { page: 1, width: 595, height: 842, lines: layoutLines(words) }
}
/** The box of the n-th occurrence of a text on the page of these lines (as a rule's candidate carries it). */
function boxOf(lines: string[], text: string, nth = 0): Box {
  let seen = 0
  for (const [row, line] of lines.entries()) {
    for (let at = line.indexOf(text); at >= 0; at = line.indexOf(text, at + 1)) {
      if (seen++ === nth) return { x: 40 + at * CHAR, y: 40 + row * LINE, width: text.length * CHAR, height: 8 }
    }
  }
  throw new Error(`${text} is not on the page`)
}
const settled = (candidates: Candidate[], lines: string[] = []) => {
  const best = bestCandidates(settleConfidence(candidates, [pageOf(lines)]))
  return (field: FieldName) => ({ value: best[field]?.value, confidence: best[field]?.confidence })
}
const marked = (candidates: Candidate[], lines: string[], field: FieldName) => {
  const value = settled(candidates, lines)(field)
  return needsAttention(field, DataSource.PDF_Parse, value.confidence ?? 1)
}

// Issue 32 item 2: the confidence the review shows says what the document itself confirms or contradicts.
describe('settleConfidence', () => {
  const totals = [read('total_net', '100.00', 0.7), read('total_tax', '20.00', 0.7), read('total_gross', '120.00', 0.7)]

  it('raises amounts that add up, and the breakdown that adds up to them', () => {
    const value = settled([...totals, read('tax_breakdown', [{ rate: '20', basis: '100.00', tax: '20.00' }], 0.6)])
    for (const field of ['total_net', 'total_tax', 'total_gross', 'tax_breakdown'] as const) expect(value(field).confidence).toBe(0.95)
  })

  it('marks amounts that do not add up', () => {
    const value = settled([read('total_net', '100.00', 0.9), read('total_tax', '20.00', 0.9), read('total_gross', '121.00', 0.9)])
    expect(value('total_gross').confidence).toBeLessThanOrEqual(CONTRADICTED_CONFIDENCE)
    expect(marked([read('total_net', '100.00', 0.9), read('total_tax', '20.00', 0.9), read('total_gross', '121.00', 0.9)], [], 'total_net')).toBe(true)
  })

  it('takes the gross for the amount due of an invoice, not of a credit note (nothing is due on it)', () => {
    expect(settled([...totals, read('amount_due', '120.00', 0.4)])('amount_due').confidence).toBe(0.95)
    const credit = [read('total_net', '-100.00', 0.7), read('total_tax', '-20.00', 0.7), read('total_gross', '-120.00', 0.7), read('amount_due', '-120.00', 0.4)]
    expect(settled(credit)('amount_due').confidence).toBeLessThanOrEqual(0.4)
  })

  it('doubts a value another reading stands about as high as, and keeps the choice', () => {
    const value = settled([read('invoice_number', 'R-1', 0.85), read('invoice_number', 'R-2', 0.8)])
    expect(value('invoice_number')).toEqual({ value: 'R-1', confidence: 0.5 })
  })

  it('doubts a due date before the invoice date, and confirms a seller named twice on the page', () => {
    expect(settled([read('issue_date', '2026-03-02', 0.9), read('due_date', '2026-02-01', 0.7)])('due_date').confidence).toBe(0.5)
    const value = settled([read('seller_name', 'Alpenblick GmbH', 0.45)], ['Alpenblick GmbH', 'Rechnung', 'Alpenblick GmbH · Wien'])
    expect(value('seller_name').confidence).toBe(0.95)
  })

  // Evidence per value: a wrong value must look uncertain, a right one keep its confidence.
  it('marks one end of a period read as a single date, not a date that stands alone', () => {
    const lines = ['Rechnung Nr. 4711', 'Leistungs-Datum   : 01.09.13 - 30.09.13', 'Lieferdatum: 12.10.2013']
    expect(marked([read('delivery_date', '2013-09-01', 0.8, boxOf(lines, '01.09.13'))], lines, 'delivery_date')).toBe(true)
    expect(marked([read('delivery_date', '2013-09-30', 0.8, boxOf(lines, '30.09.13'))], lines, 'delivery_date')).toBe(true)
    expect(marked([read('delivery_date', '2013-10-12', 0.8, boxOf(lines, '12.10.2013'))], lines, 'delivery_date')).toBe(false)
    const period = ['Leistungszeitraum: 1.6.2026 bis 30.6.2026']
    expect(marked([read('issue_date', '2026-06-01', 0.8, boxOf(period, '1.6.2026'))], period, 'issue_date')).toBe(true)
  })

  it('marks dates implausible beside the invoice date: delivery a year away, payment due over a year later, Skonto after the due date', () => {
    const issue = read('issue_date', '2026-03-02', 0.9)
    expect(marked([issue, read('delivery_date', '2024-02-27', 0.8)], [], 'delivery_date')).toBe(true)
    expect(marked([issue, read('delivery_date', '2026-02-27', 0.8)], [], 'delivery_date')).toBe(false)
    expect(marked([issue, read('due_date', '2027-06-01', 0.7)], [], 'due_date')).toBe(true)
    expect(marked([issue, read('due_date', '2026-04-01', 0.7)], [], 'due_date')).toBe(false)
    expect(marked([issue, read('due_date', '2026-04-01', 0.7), read('skonto_due_date', '2026-04-10', 0.7)], [], 'skonto_due_date')).toBe(true)
    expect(marked([issue, read('due_date', '2026-04-01', 0.7), read('skonto_due_date', '2026-03-12', 0.7)], [], 'skonto_due_date')).toBe(false)
  })

  it('marks a seller name when another company stands in the imprint beside the seller VAT id', () => {
    const lines = ['KOSTENLIEFERANT GMBH   MUSTER-KUNDE GMBH', 'Rechnung', 'KOSTENLIEFERANT GMBH, Werk 3', 'MUSTERLIEFERANT GMBH   Geschäftsführung:   USt-IdNr: DE123456789   HRB Nr. 372876']
    const vat = read('seller_vat_id', 'DE123456789', 0.75, boxOf(lines, 'DE123456789'))
    expect(marked([read('seller_name', 'KOSTENLIEFERANT GMBH', 0.8, boxOf(lines, 'KOSTENLIEFERANT GMBH')), vat], lines, 'seller_name')).toBe(true)
    // A name printed over two lines, the second in the imprint; a French imprint's "APE : 4778C - SARL au capital".
    const twoLines = ['MVM Musterhafter', 'Versicherungsverein Musterstadt a.G.', 'Rechnung', 'Versicherungsverein Musterstadt a.G.   USt-IdNr. DE123456788']
    const twoLinesVat = read('seller_vat_id', 'DE123456788', 0.75, boxOf(twoLines, 'DE123456788'))
    expect(marked([read('seller_name', 'MVM Musterhafter', 0.8, boxOf(twoLines, 'MVM Musterhafter')), twoLinesVat], twoLines, 'seller_name')).toBe(false)
    const french = ["Au bon moulin SARL - 1242 chemin de l'olive", 'TVA : FR11999999998 - SIRET : 99999999800010 - APE : 4778C - SARL au capital de 120 000,00 €']
    const frenchVat = read('seller_vat_id', 'FR11999999998', 0.75, boxOf(french, 'FR11999999998'))
    expect(marked([read('seller_name', 'Au bon moulin SARL', 0.8, boxOf(french, 'Au bon moulin SARL')), frenchVat], french, 'seller_name')).toBe(false)
    const own = ['Alpenblick Hotel GmbH', 'Rechnung', 'Alpenblick Hotel GmbH · Seestraße 1 · 6020 Innsbruck   UID ATU13585627   FN 12345a']
    const ownVat = read('seller_vat_id', 'ATU13585627', 0.75, boxOf(own, 'ATU13585627'))
    expect(marked([read('seller_name', 'Alpenblick Hotel GmbH', 0.8, boxOf(own, 'Alpenblick Hotel GmbH')), ownVat], own, 'seller_name')).toBe(false)
  })

  it('marks a buyer name when the salutation greets an addressee printed elsewhere in the address field', () => {
    const lines = ['Versicherungsverein a.G.', 'Herrn', 'Max Mustermann', 'Musterstr. 11', 'Versicherungsbüro', 'Muster', 'Beitragsrechnung', 'Sehr geehrter Herr Mustermann,']
    expect(marked([read('buyer_name', 'Versicherungsbüro', 0.4, boxOf(lines, 'Versicherungsbüro'))], lines, 'buyer_name')).toBe(true)
    expect(marked([read('buyer_name', 'Max Mustermann', 0.4, boxOf(lines, 'Max Mustermann'))], lines, 'buyer_name')).toBe(false)
    const company = ['Muster-Kunde GmbH', 'z. Hd. Herrn Max Mustermann', 'Kundenweg 88', 'Rechnung', 'Sehr geehrter Herr Mustermann,']
    expect(marked([read('buyer_name', 'Muster-Kunde GmbH', 0.4, boxOf(company, 'Muster-Kunde GmbH'))], company, 'buyer_name')).toBe(false)
  })

  it('marks an invoice number read beside a label naming another document (an order, a delivery note, a customer)', () => {
    const number = (label: string): Candidate => ({ ...read('invoice_number', '2018-471331', 0.8), label })
    expect(marked([number('Rechnung gemäß Bestellung Nr.')], [], 'invoice_number')).toBe(true)
    expect(marked([number('Kunden-Nr.')], [], 'invoice_number')).toBe(true)
    expect(marked([number('Rechnungsnummer')], [], 'invoice_number')).toBe(false)
    expect(marked([number('Invoice No.')], [], 'invoice_number')).toBe(false)
  })

  it('marks an invoice date read beside another date’s label (a contract’s, an order’s), not beside the invoice’s', () => {
    const lines = ['Beleg-Nr   : KR87654321012', 'Vertrags-Datum   : 01.04.2013', 'Rechnungs- und Lieferdatum: 05.06.2013', 'Datum: 06.10.2013']
    const date = (value: string, printed: string) => read('issue_date', value, 0.9, boxOf(lines, printed))
    expect(marked([date('2013-04-01', '01.04.2013')], lines, 'issue_date')).toBe(true)
    expect(marked([date('2013-06-05', '05.06.2013')], lines, 'issue_date')).toBe(false)
    expect(marked([date('2013-10-06', '06.10.2013')], lines, 'issue_date')).toBe(false)
  })

  // Issue 32: the rules preferring another date they found as the invoice date passed unmarked (runner-ups, eval/evaluate.ts).
  it('marks an invoice date that belongs to a reference to another document, also wrapped onto its own line', () => {
    const lines = ['Handelsrechnung Nr. 471102 vom 05.06.2018', 'Pos. Artikel', 'Bemerkung   Rechnung gemäß Bestellung Nr. 2018-471331 vom 01.03.2018.', 'Rechnung gemäß Bestellung Nr. 2018-471332', 'vom 02.03.2018.']
    const date = (value: string, printed: string, confidence = 0.85) => read('issue_date', value, confidence, boxOf(lines, printed))
    expect(marked([date('2018-03-01', '01.03.2018')], lines, 'issue_date')).toBe(true)
    expect(marked([date('2018-03-02', '02.03.2018')], lines, 'issue_date')).toBe(true)
    // The invoice's own date is not doubted by an order's date the page names as such.
    expect(settled([date('2018-06-05', '05.06.2018'), date('2018-03-01', '01.03.2018')], lines)('issue_date')).toEqual({ value: '2018-06-05', confidence: 0.85 })
  })

  it('marks an invoice date read in a payment sentence or beside a payment label, or as the end of a period in words', () => {
    const lines = ['Rechnung Nr. 113/2025 vom 21.07.2025', 'Der Betrag wird am 26.7.2025 mittels SEPA-Lastschrift von Ihrem Konto eingezogen.', 'Date limite de paiement le 05 Juillet 2015', 'This invoice is for the billing period July 1 - July 31 , 2014']
    const date = (value: string, printed: string) => read('issue_date', value, 0.85, boxOf(lines, printed))
    expect(marked([date('2025-07-26', '26.7.2025')], lines, 'issue_date')).toBe(true)
    expect(marked([date('2015-07-05', '05 Juillet 2015')], lines, 'issue_date')).toBe(true)
    expect(marked([date('2014-07-31', 'July 31 , 2014')], lines, 'issue_date')).toBe(true)
    expect(marked([date('2025-07-21', '21.07.2025')], lines, 'issue_date')).toBe(false)
  })

  it('marks a bare date with no label chosen over a labelled reading of another date, not a bare date alone', () => {
    const lines = ['Handelsrechnung Nr. 471102 vom 13.11.2019', 'Pos. Artikel', '04.04.2020']
    const bare = { ...read('issue_date', '2020-04-04', 0.85, boxOf(lines, '04.04.2020')), label: '' }
    const invoice = { ...read('issue_date', '2019-11-13', 0.2, boxOf(lines, '13.11.2019')), label: '' }
    expect(marked([bare, invoice], lines, 'issue_date')).toBe(true)
    expect(marked([bare], lines, 'issue_date')).toBe(false)
  })
})
