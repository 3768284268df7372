import { describe, expect, it } from 'vitest'
import { EInvoiceRuleSet } from '../einvoice'
import { checkEInvoiceRules, EINVOICE_RULES, type EInvoiceRuleFacts } from '../einvoice-rules'
import { documents as english } from '../../i18n/locales/en/documents'
import { documents as german } from '../../i18n/locales/de/documents'
import { validFacts } from './facts.sample'

const TEXTS: Record<string, string> = english.einvoice.rules
const EN16931 = [EInvoiceRuleSet.en16931]

/** The sample invoice with every code the code list rules look at, each valid. */
function coded(): EInvoiceRuleFacts {
  const facts = validFacts()
  facts.tax_currency = 'EUR'
  facts.amount_currencies = ['EUR']
  facts.delivery_country = 'AT'
  facts.lines[0]!.origin_country = 'DE'
  facts.tax_breakdown.push({ category: 'E', rate: '0', basis: '0.00', tax: '0.00', exemption: 'Steuerbefreit', exemption_code: 'VATEX-EU-132-1A' })
  return facts
}

const violations = (facts: EInvoiceRuleFacts) => checkEInvoiceRules(facts, EN16931, TEXTS).filter((v) => v.id.startsWith('BR-CL-'))

describe('the code list rules of EN 16931 (BR-CL-…) that need no list from outside the portal', () => {
  it('finds nothing to object to in an invoice whose codes are all from their lists', () => {
    expect(violations(coded())).toEqual([])
  })

  it.each<[string, string, (facts: EInvoiceRuleFacts) => void]>([
    ['BR-CL-01', 'BT-3', (f) => (f.type_code = '999')],
    ['BR-CL-03', 'BT-5/@currencyID', (f) => (f.amount_currencies = ['EUR', 'EURO'])],
    ['BR-CL-04', 'BT-5', (f) => (f.currency = 'EUO')],
    ['BR-CL-05', 'BT-6', (f) => (f.tax_currency = 'eur')],
    ['BR-CL-14', 'BT-55', (f) => (f.buyer.country = 'UK')],
    ['BR-CL-15', 'BG-25[1]/BT-159', (f) => (f.lines[0]!.origin_country = 'Deutschland')],
    ['BR-CL-16', 'BG-16[1]/BT-81', (f) => (f.payment_means_codes = ['99'])],
    ['BR-CL-17', 'BG-23[1]/BT-118', (f) => (f.tax_breakdown[0]!.category = 'AA')],
    ['BR-CL-18', 'BG-25[2]/BT-151', (f) => (f.lines[1]!.category = 'A')],
    ['BR-CL-22', 'BG-23[3]/BT-121', (f) => (f.tax_breakdown[2]!.exemption_code = 'E')],
    ['BR-CL-23', 'BG-25[1]/BT-130', (f) => (f.lines[0]!.unit = 'Stück')],
  ])('%s: a code not from its list, named with its place (%s)', (id, location, breakIt) => {
    const facts = coded()
    breakIt(facts)
    expect(violations(facts)).toEqual([
      expect.objectContaining({ id, flag: 'fatal', ruleSet: EInvoiceRuleSet.en16931, location, text: TEXTS[id] }),
    ])
  })

  it('BR-CL-14 also checks the seller\u2019s and the delivery country; BR-CL-17 the allowances\u2019 and charges\u2019 categories', () => {
    const facts = coded()
    facts.seller.country = 'EU'
    facts.delivery_country = 'D'
    facts.allowances_charges[1]!.category = 'X'
    expect(violations(facts).map((v) => [v.id, v.location])).toEqual([
      ['BR-CL-14', 'BT-40, BT-80'],
      ['BR-CL-17', 'BG-21[2]/BT-102'],
    ])
  })

  it('accepts what the lists hold beyond the obvious: Kosovo (1A), Northern Ireland (XI), codes in any case where the list says so', () => {
    const facts = coded()
    facts.buyer.country = 'XI'
    facts.seller.country = '1A'
    facts.tax_breakdown[2]!.exemption_code = 'vatex-eu-ic'
    facts.payment_means_codes = ['ZZZ', '1', '97']
    facts.lines[0]!.unit = 'XPP'
    facts.type_code = '875'
    facts.currency = 'CHF'
    expect(violations(facts)).toEqual([])
  })

  it('judges a unit code and a VATEX code by their form (the lists grow): a made-up code of that form passes', () => {
    const facts = coded()
    facts.lines[0]!.unit = 'H87'
    facts.tax_breakdown[2]!.exemption_code = 'VATEX-FR-CNWVAT'
    expect(violations(facts)).toEqual([])
  })

  it('has an English and a German text for each', () => {
    for (const id of Object.keys(EINVOICE_RULES).filter((rule) => rule.startsWith('BR-CL-'))) {
      expect(TEXTS[id], id).toBeTruthy()
      expect((german.einvoice.rules as Record<string, string>)[id], id).toBeTruthy()
    }
    expect(Object.keys(EINVOICE_RULES).filter((rule) => rule.startsWith('BR-CL-'))).toHaveLength(11)
  })
})
