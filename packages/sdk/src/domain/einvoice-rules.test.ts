import { describe, expect, it } from 'vitest'
import { EInvoiceRuleSet } from './einvoice'
import { checkEInvoiceRules, EINVOICE_RULES, type EInvoiceRuleFacts, type EInvoiceRuleId } from './einvoice-rules'
import { documents } from '../i18n/locales/en/documents'
import { validFacts } from './einvoice-rules/facts.sample'

const BOTH = [EInvoiceRuleSet.en16931, EInvoiceRuleSet.xrechnung]
const TEXTS: Record<string, string> = documents.einvoice.rules

const valid = validFacts
const base = valid

/** An invoice with one line in the given untaxed category (Z, E, AE, K, G, O). */
function untaxed(category: string, exemption: string | null): EInvoiceRuleFacts {
  const facts = base()
  facts.buyer.vat_id = 'FR11999999998'
  facts.lines.push({ net: '100.00', quantity: '1', unit: 'C62', name: 'Leistung', price: '100.00', category, rate: category === 'O' ? null : '0' })
  facts.tax_breakdown.push({ category, rate: category === 'O' ? null : '0', basis: '100.00', tax: '0.00', exemption })
  facts.totals.lines = '265.00'
  facts.totals.net = '260.00'
  facts.totals.gross = '285.00'
  facts.totals.due = '235.00'
  if (category !== 'O') return facts
  // "Not subject to VAT" stands alone on an invoice (BR-O-11 … BR-O-14): only its line, no VAT.
  facts.lines = facts.lines.slice(2)
  facts.allowances_charges = []
  facts.tax_breakdown = facts.tax_breakdown.slice(2)
  facts.totals = { ...facts.totals, lines: '100.00', allowances: null, charges: null, net: '100.00', tax: '0.00', gross: '100.00', prepaid: null, due: '100.00' }
  return facts
}

const ids = (facts: EInvoiceRuleFacts) => checkEInvoiceRules(facts, BOTH, TEXTS).map((v) => v.id)

describe('checkEInvoiceRules: our implementation of the EN 16931 and XRechnung business rules', () => {
  it('finds nothing to object to in a complete invoice, with allowances, charges and a prepaid amount', () => {
    expect(checkEInvoiceRules(base(), BOTH, TEXTS)).toEqual([])
  })

  it.each([
    ['Z', null],
    ['E', 'Steuerfrei nach § 4 Nr. 21 UStG'],
    ['AE', 'Reverse charge'],
    ['K', 'Intra-community supply'],
    ['G', 'Export outside the EU'],
    ['O', 'Not subject to VAT'],
  ])('finds nothing to object to in a line of category %s with its breakdown', (category, exemption) => {
    expect(ids(untaxed(category, exemption))).toEqual([])
  })

  it('names a broken rule with its flag, rule set, English text and place', () => {
    const facts = base()
    facts.totals.gross = '195.00'
    expect(checkEInvoiceRules(facts, BOTH, TEXTS)).toEqual([
      { id: 'BR-CO-15', flag: 'fatal', ruleSet: EInvoiceRuleSet.en16931, text: TEXTS['BR-CO-15'], location: 'BT-112', count: 1 },
      { id: 'BR-CO-16', flag: 'fatal', ruleSet: EInvoiceRuleSet.en16931, text: TEXTS['BR-CO-16'], location: 'BT-115', count: 1 },
    ])
  })

  type Breaking = [EInvoiceRuleId, (facts: EInvoiceRuleFacts) => void]
  const core: Breaking[] = [
    ['BR-01', (f) => (f.specification = null)],
    ['BR-02', (f) => (f.invoice_number = ' ')],
    ['BR-03', (f) => (f.issue_date = null)],
    ['BR-04', (f) => (f.type_code = null)],
    ['BR-05', (f) => (f.currency = null)],
    ['BR-06', (f) => (f.seller.name = null)],
    ['BR-07', (f) => (f.buyer.name = null)],
    ['BR-09', (f) => (f.seller.country = null)],
    ['BR-11', (f) => (f.buyer.country = null)],
    ['BR-12', (f) => (f.totals.lines = null)],
    ['BR-13', (f) => (f.totals.net = null)],
    ['BR-14', (f) => (f.totals.gross = null)],
    ['BR-15', (f) => (f.totals.due = null)],
    ['BR-22', (f) => (f.lines[0].quantity = null)],
    ['BR-23', (f) => (f.lines[0].unit = null)],
    ['BR-25', (f) => (f.lines[0].name = null)],
    ['BR-26', (f) => (f.lines[0].price = null)],
    ['BR-27', (f) => (f.lines[0].price = '-12.50')],
    ['BR-45', (f) => (f.tax_breakdown[0].basis = null)],
    ['BR-47', (f) => (f.tax_breakdown[0].category = null)],
    ['BR-48', (f) => (f.tax_breakdown[0].rate = null)],
    ['BR-CO-11', (f) => (f.totals.allowances = '11.00')],
    ['BR-CO-12', (f) => (f.totals.charges = '6.00')],
    ['BR-CO-13', (f) => (f.totals.net = '161.00')],
    ['BR-CO-14', (f) => (f.totals.tax = '25.10')],
    ['BR-CO-26', (f) => (f.seller.vat_id = null)],
    ['BR-S-05', (f) => (f.lines[1].rate = '0')],
    ['BR-S-09', (f) => (f.tax_breakdown[1].tax = '4.15')],
  ]
  it.each(core)('%s', (id, breakIt) => {
    const facts = base()
    breakIt(facts)
    expect(ids(facts)).toContain(id)
  })

  it('BR-08 and BR-10: no postal address of seller or buyer at all', () => {
    const facts = base()
    facts.seller = { ...facts.seller, country: null, city: null, postcode: null }
    facts.buyer = { ...facts.buyer, country: null, city: null, postcode: null }
    expect(ids(facts)).toEqual(expect.arrayContaining(['BR-08', 'BR-10']))
    expect(ids(facts)).not.toContain('BR-09')
  })

  it('BR-16 and BR-CO-18: no line and no VAT breakdown', () => {
    const facts = base()
    facts.lines = []
    facts.tax_breakdown = []
    expect(ids(facts)).toEqual(expect.arrayContaining(['BR-16', 'BR-CO-18']))
  })

  it('BR-24, BR-46 and BR-CO-10: a line without net amount, a breakdown line without tax, line total off the lines', () => {
    const facts = base()
    facts.lines[1].net = null
    facts.tax_breakdown[1].tax = null
    expect(ids(facts)).toEqual(expect.arrayContaining(['BR-24', 'BR-46', 'BR-CO-10']))
  })

  it('BR-CO-25: an amount due without due date or payment terms; terms alone are enough', () => {
    const facts = base()
    facts.due_date = null
    expect(ids(facts)).toEqual(['BR-CO-25'])
    facts.payment_terms = 'Zahlbar sofort'
    expect(ids(facts)).toEqual([])
  })

  it.each([['S', 'BR-S'], ['Z', 'BR-Z'], ['E', 'BR-E'], ['AE', 'BR-AE'], ['K', 'BR-IC'], ['G', 'BR-G'], ['O', 'BR-O']])('%s (%s-01): a category used by a line but missing from the VAT breakdown', (category, prefix) => {
    const facts = category === 'S' ? base() : untaxed(category, 'Grund')
    facts.tax_breakdown = facts.tax_breakdown.filter((tax) => tax.category !== category)
    expect(ids(facts)).toContain(`${prefix}-01`)
  })

  it('BR-61 and BR-DE-23-a: a credit transfer without account', () => {
    const facts = base()
    facts.payment_accounts = []
    expect(ids(facts)).toEqual(['BR-61', 'BR-DE-23-a'])
  })

  it('BR-S-08: a taxable amount that is not the lines plus charges minus allowances at that rate', () => {
    const facts = base()
    facts.tax_breakdown[0].basis = '125.00'
    expect(ids(facts)).toContain('BR-S-08')
  })

  it('BR-CO-16: the amount due counts the rounding amount and, in the XRechnung extension, third party payments', () => {
    const facts = base()
    facts.totals.rounding = '0.01'
    expect(ids(facts)).toEqual(['BR-CO-16'])
    facts.totals.due = '135.01'
    expect(ids(facts)).toEqual([])
    facts.totals.third_party = '10.00'
    expect(ids(facts)).toEqual(['BR-CO-16'])
    facts.totals.due = '145.01'
    expect(ids(facts)).toEqual([])
  })

  it.each([
    ['Z', 'BR-Z'],
    ['E', 'BR-E'],
    ['AE', 'BR-AE'],
    ['K', 'BR-IC'],
    ['G', 'BR-G'],
  ])('%s: a line rate other than 0 (-05), a basis off the lines (-08), tax other than 0 (-09)', (category, prefix) => {
    const facts = untaxed(category, 'Grund')
    facts.lines[2].rate = '5'
    facts.tax_breakdown[2].basis = '90.00'
    facts.tax_breakdown[2].tax = '1.00'
    expect(ids(facts)).toEqual(expect.arrayContaining([`${prefix}-05`, `${prefix}-08`, `${prefix}-09`]))
  })

  it.each([['E', 'BR-E'], ['AE', 'BR-AE'], ['K', 'BR-IC'], ['G', 'BR-G'], ['O', 'BR-O']])('%s: a breakdown without exemption reason (%s-10)', (category, prefix) => {
    expect(ids(untaxed(category, null))).toContain(`${prefix}-10`)
  })

  it('BR-Z-10: zero rated gives no exemption reason; BR-O-05: not subject to VAT has no rate', () => {
    expect(ids(untaxed('Z', 'Nullsatz'))).toContain('BR-Z-10')
    const facts = untaxed('O', 'Not subject')
    facts.lines[0].rate = '0'
    expect(ids(facts)).toContain('BR-O-05')
  })

  it.each([['AE', 'BR-AE'], ['K', 'BR-IC']])('%s (%s-02, -03, -04): a line, allowance or charge needs the VAT ids of seller and buyer', (category, prefix) => {
    const facts = untaxed(category, 'Grund')
    facts.buyer.vat_id = null
    expect(ids(facts)).toContain(`${prefix}-02`)
    facts.allowances_charges.push({ charge: false, amount: '1.00', category, rate: '0' }, { charge: true, amount: '1.00', category, rate: '0' })
    expect(ids(facts)).toEqual(expect.arrayContaining([`${prefix}-03`, `${prefix}-04`]))
  })

  it('BR-AE-02: reverse charge accepts the seller\u2019s tax number and the buyer\u2019s legal registration instead of VAT ids', () => {
    const facts = untaxed('AE', 'Reverse charge')
    facts.seller.vat_id = null
    facts.seller.identifier = 'HRB 1234'
    facts.seller.tax_registration = '231/5678/9012'
    facts.buyer.vat_id = null
    facts.buyer.identifier = 'FR 552 100 554'
    expect(ids(facts)).toEqual([])
  })

  it('uses the official ids for intra-community supply (category K): BR-IC-…, not BR-K-…', () => {
    const facts = untaxed('K', null)
    expect(ids(facts)).toEqual(['BR-IC-10'])
  })

  it.each([
    ['S', 'BR-S'],
    ['Z', 'BR-Z'],
    ['E', 'BR-E'],
  ])('%s (%s-02, -03, -04): a line, allowance or charge needs the seller\u2019s VAT id, tax number or tax representative', (category, prefix) => {
    const facts = category === 'S' ? base() : untaxed(category, category === 'E' ? 'Grund' : null)
    facts.seller.vat_id = null
    facts.seller.identifier = 'HRB 1234'
    facts.allowances_charges.push({ charge: false, amount: '0.00', category, rate: category === 'S' ? '19' : '0' }, { charge: true, amount: '0.00', category, rate: category === 'S' ? '19' : '0' })
    expect(ids(facts)).toEqual(expect.arrayContaining([`${prefix}-02`, `${prefix}-03`, `${prefix}-04`]))
    facts.seller.tax_registration = '231/5678/9012'
    expect(ids(facts)).not.toContain(`${prefix}-02`)
  })

  it('BR-G-02, -03, -04: an export needs the seller\u2019s VAT id or tax representative (a tax number is not enough)', () => {
    const facts = untaxed('G', 'Ausfuhr')
    facts.seller.vat_id = null
    facts.seller.identifier = 'HRB 1234'
    facts.seller.tax_registration = '231/5678/9012'
    facts.allowances_charges.push({ charge: false, amount: '0.00', category: 'G', rate: '0' }, { charge: true, amount: '0.00', category: 'G', rate: '0' })
    expect(ids(facts)).toEqual(expect.arrayContaining(['BR-G-02', 'BR-G-03', 'BR-G-04']))
    facts.seller.tax_representative_vat_id = 'ATU12345678'
    expect(ids(facts)).not.toContain('BR-G-02')
  })

  it.each([
    ['S', 'BR-S', '0'],
    ['Z', 'BR-Z', '5'],
    ['E', 'BR-E', '5'],
    ['AE', 'BR-AE', '5'],
    ['K', 'BR-IC', '5'],
    ['G', 'BR-G', '5'],
    ['O', 'BR-O', '0'],
  ])('%s (%s-06, -07): a document level allowance and charge with the wrong VAT rate (%s)', (category, prefix, rate) => {
    const facts = category === 'S' ? base() : untaxed(category, category === 'Z' ? null : 'Grund')
    facts.allowances_charges.push({ charge: false, amount: '0.00', category, rate }, { charge: true, amount: '0.00', category, rate })
    expect(ids(facts)).toEqual(expect.arrayContaining([`${prefix}-06`, `${prefix}-07`]))
  })

  it('BR-O-11 … BR-O-14: "not subject to VAT" does not stand beside other categories', () => {
    const facts = untaxed('O', 'Not subject')
    expect(ids(facts)).toEqual([])
    const mixed = untaxed('O', 'Not subject')
    mixed.lines.push({ net: '10.00', quantity: '1', unit: 'C62', name: 'Ordner', price: '10.00', category: 'S', rate: '20' })
    mixed.allowances_charges.push({ charge: false, amount: '1.00', category: 'S', rate: '20' }, { charge: true, amount: '1.00', category: 'S', rate: '20' })
    mixed.tax_breakdown.push({ category: 'S', rate: '20', basis: '10.00', tax: '2.00', exemption: null })
    expect(ids(mixed)).toEqual(expect.arrayContaining(['BR-O-11', 'BR-O-12', 'BR-O-13', 'BR-O-14']))
  })

  const more: Breaking[] = [
    ['BR-31', (f) => (f.allowances_charges[0].amount = null)],
    ['BR-32', (f) => (f.allowances_charges[0].category = null)],
    ['BR-36', (f) => (f.allowances_charges[1].amount = null)],
    ['BR-37', (f) => (f.allowances_charges[1].category = null)],
    ['BR-CO-04', (f) => (f.lines[0].category = null)],
    ['BR-CO-09', (f) => (f.seller.vat_id = '123456789')],
    ['BR-CO-09', (f) => (f.buyer.vat_id = 'U12345678')],
    ['BR-CO-17', (f) => (f.tax_breakdown[1].tax = '4.15')],
    ['BR-DE-16', (f) => ((f.seller.vat_id = null), (f.seller.identifier = 'HRB 1234'))],
  ]
  it.each(more)('%s', (id, breakIt) => {
    const facts = base()
    breakIt(facts)
    expect(ids(facts)).toContain(id)
  })

  it('BR-CO-17 and BR-S-09 allow a breakdown\u2019s VAT off basis \u00d7 rate by less than one currency unit, as the artefacts do (whole forints)', () => {
    // CEN's forint example states 27 % of 69,180.00 as 18,679.00 (exactly 18,678.60); here 7 % of 45.00 as 3.60.
    const facts = base()
    facts.tax_breakdown[1].tax = '3.60'
    facts.totals = { ...facts.totals, tax: '25.45', gross: '185.45', due: '135.45' }
    expect(ids(facts)).toEqual([])
    facts.tax_breakdown[1].tax = '4.15'
    facts.totals = { ...facts.totals, tax: '26.00', gross: '186.00', due: '136.00' }
    expect(ids(facts)).toEqual(['BR-CO-17', 'BR-S-09'])
  })

  it('BR-CO-09 takes Greece\u2019s EL and any two-letter prefix; BR-CO-17 allows a cent either way', () => {
    const facts = base()
    facts.seller.vat_id = 'EL123456789'
    facts.buyer.vat_id = 'ATU13585627'
    facts.tax_breakdown[1].tax = '3.16'
    expect(ids(facts)).toEqual([])
  })

  const german: Breaking[] = [
    ['BR-DE-1', (f) => ((f.payment_means_codes = []), (f.payment_accounts = []))],
    ['BR-DE-2', (f) => (f.seller_contact = null)],
    ['BR-DE-3', (f) => (f.seller.city = null)],
    ['BR-DE-4', (f) => (f.seller.postcode = null)],
    ['BR-DE-5', (f) => (f.seller_contact!.name = null)],
    ['BR-DE-6', (f) => (f.seller_contact!.phone = null)],
    ['BR-DE-7', (f) => (f.seller_contact!.email = null)],
    ['BR-DE-8', (f) => (f.buyer.city = null)],
    ['BR-DE-9', (f) => (f.buyer.postcode = null)],
    ['BR-DE-15', (f) => (f.buyer_reference = '')],
  ]
  it.each(german)('%s (XRechnung, fatal)', (id, breakIt) => {
    const facts = base()
    breakIt(facts)
    expect(checkEInvoiceRules(facts, BOTH, TEXTS)).toContainEqual(expect.objectContaining({ id, flag: 'fatal', ruleSet: EInvoiceRuleSet.xrechnung }))
  })

  it('BR-DE-17 and BR-DE-21 are warnings: another type code, another specification', () => {
    const facts = base()
    facts.type_code = '393'
    facts.specification = 'urn:cen.eu:en16931:2017'
    expect(checkEInvoiceRules(facts, BOTH, TEXTS).map((v) => [v.id, v.flag])).toEqual([
      ['BR-DE-17', 'warning'],
      ['BR-DE-21', 'warning'],
    ])
  })

  it('runs the XRechnung rules only when asked: a Peppol invoice needs no buyer reference', () => {
    const facts = base()
    facts.buyer_reference = null
    expect(checkEInvoiceRules(facts, [EInvoiceRuleSet.en16931], TEXTS)).toEqual([])
  })

  it('has an English and a German text for every rule it checks', async () => {
    const { documents: german } = await import('../i18n/locales/de/documents')
    for (const id of Object.keys(EINVOICE_RULES)) {
      expect(TEXTS[id], id).toBeTruthy()
      expect((german.einvoice.rules as Record<string, string>)[id], id).toBeTruthy()
    }
  })
})

describe('a rule broken on many lines', () => {
  it('is reported once, with how often it breaks and its first places', () => {
    const facts = valid()
    const line = { net: '1.00', quantity: null, unit: 'C62', name: 'Schraube', price: '1.00', category: 'S', rate: '19' }
    facts.lines = Array.from({ length: 100_000 }, () => ({ ...line }))
    const broken = checkEInvoiceRules(facts, BOTH, TEXTS).filter((v) => v.id === 'BR-22')
    expect(broken).toHaveLength(1)
    expect(broken[0]!.count).toBe(100_000)
    expect(broken[0]!.location.split(', ')).toHaveLength(4)
    expect(broken[0]!.location.endsWith('…')).toBe(true)
  })
})
