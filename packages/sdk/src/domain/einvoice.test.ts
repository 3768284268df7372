import { describe, expect, it } from 'vitest'
import { einvoiceProfile, EInvoiceRuleSet } from './einvoice'

describe('einvoiceProfile: what a specification identifier (BT-24) says', () => {
  it.each([
    ['urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0', 'XRechnung 3.0', [EInvoiceRuleSet.en16931, EInvoiceRuleSet.xrechnung], true],
    ['urn:cen.eu:en16931:2017#compliant#urn:xoev-de:kosit:standard:xrechnung_1.2', 'XRechnung 1.2', [EInvoiceRuleSet.en16931], true],
    ['urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0', 'Peppol BIS Billing 3.0', [EInvoiceRuleSet.en16931], true],
    ['urn:cen.eu:en16931:2017', 'EN 16931', [EInvoiceRuleSet.en16931], true],
    ['urn:factur-x.eu:1p0:minimum', 'ZUGFeRD / Factur-X MINIMUM', [], false],
    ['urn:factur-x.eu:1p0:basicwl', 'ZUGFeRD / Factur-X BASIC WL', [], false],
    ['urn:zugferd.de:2p0:minimum', 'ZUGFeRD / Factur-X MINIMUM', [], false],
    ['urn:ferd:CrossIndustryDocument:invoice:1p0:comfort', 'ZUGFeRD 1.0 COMFORT', [], true],
  ])('%s', (id, name, ruleSets, invoice) => {
    expect(einvoiceProfile(id)).toEqual({ name, ruleSets, invoice })
  })
})
