import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { EInvoiceRuleSet, EInvoiceValidationStatus } from '@portal/sdk/domain'
import { extractDocument } from '../extract'

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/einvoices/${name}`, import.meta.url)))
const XRECHNUNG_UBL = 'xrechnung-3-ubl.xml'
const XRECHNUNG_CII = 'xrechnung-3-cii.xml'
const changed = (name: string, from: string, to: string) => {
  const text = new TextDecoder().decode(fixture(name))
  expect(text).toContain(from)
  return new TextEncoder().encode(text.replace(from, to))
}

async function validationOf(bytes: Uint8Array) {
  const result = await extractDocument(bytes)
  if (!result.ok) throw new Error(result.refusal.key)
  return result.validation
}

describe('the business rule check of an incoming e-invoice (EN 16931, XRechnung)', () => {
  it('finds a complete XRechnung UBL invoice valid under both rule sets, and says how long it took', async () => {
    const validation = await validationOf(fixture(XRECHNUNG_UBL))
    expect(validation).toMatchObject({
      status: EInvoiceValidationStatus.valid,
      profile: 'XRechnung 3.0',
      ruleSets: [EInvoiceRuleSet.en16931, EInvoiceRuleSet.xrechnung],
      violations: [],
    })
    expect(validation?.millis).toBeGreaterThan(0)
  })

  it('names each broken rule with its id, flag and text: a gross total that is not net + VAT breaks BR-CO-15', async () => {
    const bytes = changed(XRECHNUNG_UBL, '<cbc:TaxInclusiveAmount currencyID="EUR">191.55<', '<cbc:TaxInclusiveAmount currencyID="EUR">201.55<')
    const validation = await validationOf(bytes)
    expect(validation?.status).toBe(EInvoiceValidationStatus.invalid)
    expect(validation?.violations).toContainEqual(
      expect.objectContaining({ id: 'BR-CO-15', flag: 'fatal', ruleSet: EInvoiceRuleSet.en16931, text: expect.stringContaining('total with VAT (BT-112)') }),
    )
  })

  it('checks XRechnung\u2019s own rules: a missing buyer reference breaks BR-DE-15', async () => {
    const validation = await validationOf(changed(XRECHNUNG_UBL, '<cbc:BuyerReference>991-33333TEST-33</cbc:BuyerReference>', ''))
    expect(validation?.violations).toEqual([
      expect.objectContaining({ id: 'BR-DE-15', flag: 'fatal', ruleSet: EInvoiceRuleSet.xrechnung, text: expect.stringContaining('buyer reference') }),
    ])
  })

  it('reads the CII syntax for the rules as well: valid, and a VAT amount off its rate breaks BR-S-09 and BR-CO-14', async () => {
    expect(await validationOf(fixture(XRECHNUNG_CII))).toMatchObject({ status: EInvoiceValidationStatus.valid, profile: 'XRechnung 3.0', violations: [] })
    const broken = await validationOf(changed(XRECHNUNG_CII, '<ram:CalculatedAmount>2.80<', '<ram:CalculatedAmount>3.80<'))
    expect(broken?.violations.map((v) => v.id)).toEqual(['BR-CO-14', 'BR-S-09'])
  })

  it('checks a Peppol BIS UBL invoice against EN 16931 only', async () => {
    const bytes = changed(
      XRECHNUNG_UBL,
      'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
      'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
    )
    const validation = await validationOf(bytes)
    expect(validation).toMatchObject({ profile: 'Peppol BIS Billing 3.0', ruleSets: [EInvoiceRuleSet.en16931], status: EInvoiceValidationStatus.valid })
  })

  it.each([
    ['factur-x-minimum.xml', 'ZUGFeRD / Factur-X MINIMUM'],
    ['factur-x-basicwl.xml', 'ZUGFeRD / Factur-X BASIC WL'],
  ])('says a %s carries no invoice under German law', async (name, profile) => {
    const validation = await validationOf(fixture(name))
    expect(validation).toMatchObject({ status: EInvoiceValidationStatus.notAnInvoice, profile, violations: [] })
  })

  it('does not claim to have checked an ebInterface invoice (no EN 16931 rule set applies to it)', async () => {
    const bytes = new Uint8Array(readFileSync(new URL('../fixtures/ebinterface-6p1.xml', import.meta.url)))
    expect(await validationOf(bytes)).toMatchObject({ status: EInvoiceValidationStatus.notChecked, profile: 'ebInterface 6.1' })
  })
})
