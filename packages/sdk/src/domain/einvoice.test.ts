import { describe, expect, it } from 'vitest'
import { einvoiceProfile, EInvoiceRuleSet, schemaErrorOf } from './einvoice'

describe('einvoiceProfile: what a specification identifier (BT-24) says', () => {
  it.each([
    ['urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0', 'XRechnung 3.0', [EInvoiceRuleSet.en16931, EInvoiceRuleSet.xrechnung], true],
    ['urn:cen.eu:en16931:2017#compliant#urn:xoev-de:kosit:standard:xrechnung_1.2', 'XRechnung 1.2', [EInvoiceRuleSet.en16931], true],
    ['urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0', 'Peppol BIS Billing 3.0', [EInvoiceRuleSet.en16931, EInvoiceRuleSet.peppol], true],
    ['urn:cen.eu:en16931:2017', 'EN 16931', [EInvoiceRuleSet.en16931], true],
    ['urn:factur-x.eu:1p0:minimum', 'ZUGFeRD / Factur-X MINIMUM', [], false],
    ['urn:factur-x.eu:1p0:basicwl', 'ZUGFeRD / Factur-X BASIC WL', [], false],
    ['urn:zugferd.de:2p0:minimum', 'ZUGFeRD / Factur-X MINIMUM', [], false],
    ['urn:ferd:CrossIndustryDocument:invoice:1p0:comfort', 'ZUGFeRD 1.0 COMFORT', [], true],
  ])('%s', (id, name, ruleSets, invoice) => {
    expect(einvoiceProfile(id)).toEqual({ name, ruleSets, invoice })
  })
})

describe('schemaErrorOf: a schema validator message as rule, element and details', () => {
  it.each([
    [
      "Schemas validity error : Element '{urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2}IssueDate': '05.10.2026' is not a valid value of the atomic type 'xs:date'.",
      { rule: 'invalidValue', element: 'IssueDate', value: '05.10.2026', expected: 'xs:date' },
    ],
    [
      "Element '{urn:x:cac}LegalMonetaryTotal': This element is not expected. Expected is one of ( {urn:x:cac}TaxTotal, {urn:x:cac}WithholdingTaxTotal ).",
      { rule: 'unexpected', element: 'LegalMonetaryTotal', expected: 'TaxTotal, WithholdingTaxTotal' },
    ],
    ["Element '{urn:x:cac}Item': Missing child element(s). Expected is ( {urn:x:cbc}PayableAmount ).", { rule: 'missingChild', element: 'Item', expected: 'PayableAmount' }],
    ["Element '{urn:x:cbc}TaxAmount': The attribute 'currencyID' is required but missing.", { rule: 'attributeMissing', element: 'TaxAmount', attribute: 'currencyID' }],
    [
      "Element '{http://www.ebinterface.at/schema/6p1/}Amount': [facet 'fractionDigits'] The value '1.234' has more fractional digits than are allowed ('2').",
      { rule: 'fractionDigits', element: 'Amount', value: '1.234', expected: '2' },
    ],
    ["Element 'Invoice': No matching global declaration available for the validation root.", { rule: 'wrongRoot', element: 'Invoice' }],
    ["einvoice.xml:3: parser error : something else", { rule: 'other', element: '' }],
  ])('%s', (message, expected) => {
    expect(schemaErrorOf(message, 7)).toMatchObject({ ...expected, line: 7 })
  })
})
