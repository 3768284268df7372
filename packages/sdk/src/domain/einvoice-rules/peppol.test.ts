import { describe, expect, it } from 'vitest'
import { EInvoiceRuleSet } from '../einvoice'
import { checkEInvoiceRules, type EInvoiceRuleFacts } from '../einvoice-rules'
import { documents } from '../../i18n/locales/en/documents'
import { validFacts } from './facts.sample'

const TEXTS: Record<string, string> = documents.einvoice.rules
const BOTH = [EInvoiceRuleSet.en16931, EInvoiceRuleSet.xrechnung]
const valid = validFacts
const ids = (facts: EInvoiceRuleFacts) => checkEInvoiceRules(facts, BOTH, TEXTS).map((v) => v.id)

describe('the Peppol BIS Billing 3.0 rules that Austria\u2019s public sector (e-Rechnung an den Bund, via Peppol) relies on', () => {
  const PEPPOL = [EInvoiceRuleSet.en16931, EInvoiceRuleSet.peppol]
  const peppol = () => {
    const facts = valid()
    facts.specification = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0'
    return facts
  }
  const peppolIds = (facts: EInvoiceRuleFacts) => checkEInvoiceRules(facts, PEPPOL, TEXTS).map((v) => v.id)

  it('finds nothing to object to in a complete Peppol invoice', () => {
    expect(checkEInvoiceRules(peppol(), PEPPOL, TEXTS)).toEqual([])
  })

  it.each<[string, (facts: EInvoiceRuleFacts) => void]>([
    ['PEPPOL-EN16931-R001', (f) => (f.business_process = null)],
    ['PEPPOL-EN16931-R007', (f) => (f.business_process = 'urn:www.cenbii.eu:profile:bii04:ver1.0')],
    ['PEPPOL-EN16931-R004', (f) => (f.specification = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0#conformant#urn:example')],
    ['PEPPOL-EN16931-R010', (f) => (f.buyer.endpoint = null)],
    ['PEPPOL-EN16931-R020', (f) => (f.seller.endpoint = ' ')],
  ])('%s', (id, breakIt) => {
    const facts = peppol()
    breakIt(facts)
    expect(checkEInvoiceRules(facts, PEPPOL, TEXTS)).toContainEqual(expect.objectContaining({ id, flag: 'fatal', ruleSet: EInvoiceRuleSet.peppol }))
  })

  it('PEPPOL-EN16931-R003: a buyer reference or an order reference (the federal government\u2019s order number)', () => {
    const facts = peppol()
    facts.buyer_reference = null
    expect(peppolIds(facts)).toEqual(['PEPPOL-EN16931-R003'])
    facts.order_reference = '4500012345'
    expect(peppolIds(facts)).toEqual([])
  })

  it('runs the Peppol rules only when asked: an XRechnung without endpoint ids is not judged by them', () => {
    const facts = valid()
    facts.business_process = null
    expect(ids(facts)).toEqual([])
  })
})
