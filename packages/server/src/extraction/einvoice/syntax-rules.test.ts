import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { EInvoiceRuleSet, EInvoiceValidationStatus } from '@portal/sdk/domain'
import { NAMESPACES } from '@portal/sdk/i18n'
import { extractDocument } from '../extract'

/** Our XRechnung fixtures, valid under every rule; each case below breaks one of CEN's syntax rules in its own way. */
const fixture = (name: string) => readFileSync(new URL(`../fixtures/einvoices/${name}`, import.meta.url), 'utf8')
const UBL = fixture('xrechnung-3-ubl.xml')
const CII = fixture('xrechnung-3-cii.xml')

const twice = (text: string) => text + text
const sellerName = '<cac:PartyLegalEntity><cbc:RegistrationName>Muster Bürobedarf GmbH</cbc:RegistrationName></cac:PartyLegalEntity>'
const buyerName = '<cac:PartyLegalEntity><cbc:RegistrationName>Stadtverwaltung Beispielstadt</cbc:RegistrationName></cac:PartyLegalEntity>'
const means = /<cac:PaymentMeans>[\s\S]*?<\/cac:PaymentMeans>/.exec(UBL)?.[0] as string
const lineCategory = '<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>'
const guideline = /<ram:GuidelineSpecifiedDocumentContextParameter>[\s\S]*?<\/ram:GuidelineSpecifiedDocumentContextParameter>/.exec(CII)?.[0] as string
const guidelineId = /<ram:ID>[^<]*<\/ram:ID>/.exec(guideline)?.[0] as string
const process = '<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter>'

type Case = [id: string, flag: 'fatal' | 'warning', location: string, xml: string, from: string, to: string]
const cases: Case[] = [
  ['UBL-SR-05', 'fatal', 'BT-20', UBL, '<cac:PaymentTerms>', '<cac:PaymentTerms><cbc:Note>2 % Skonto bis 12.10.2026.</cbc:Note></cac:PaymentTerms><cac:PaymentTerms>'],
  ['UBL-SR-08', 'fatal', 'BG-14', UBL, '<cac:AccountingSupplierParty>', `${twice('<cac:InvoicePeriod><cbc:StartDate>2026-09-01</cbc:StartDate></cac:InvoicePeriod>')}<cac:AccountingSupplierParty>`],
  ['UBL-SR-09', 'fatal', 'BT-27', UBL, sellerName, twice(sellerName)],
  ['UBL-SR-15', 'fatal', 'BT-44', UBL, buyerName, twice(buyerName)],
  ['UBL-SR-24', 'fatal', 'BG-13', UBL, '<cac:PaymentMeans>', `${twice('<cac:Delivery><cbc:ActualDeliveryDate>2026-10-01</cbc:ActualDeliveryDate></cac:Delivery>')}<cac:PaymentMeans>`],
  ['UBL-SR-45', 'fatal', 'BT-9', UBL, means, twice(means.replace('</cbc:PaymentMeansCode>', '</cbc:PaymentMeansCode><cbc:PaymentDueDate>2026-10-19</cbc:PaymentDueDate>'))],
  ['UBL-SR-47', 'fatal', 'BT-81', UBL, means, means + means.replace('<cbc:PaymentMeansCode>58<', '<cbc:PaymentMeansCode>30<')],
  ['UBL-SR-34', 'fatal', 'BG-25[2]/BT-127', UBL, '<cbc:ID>2</cbc:ID>', '<cbc:ID>2</cbc:ID><cbc:Note>Lieferung 1</cbc:Note><cbc:Note>Lieferung 2</cbc:Note>'],
  ['UBL-SR-48', 'fatal', 'BG-25[1]/BG-30', UBL, lineCategory, twice(lineCategory)],
  ['UBL-SR-50', 'fatal', 'BG-25[1]/BT-154', UBL, '<cbc:Name>Ordner A4, breit</cbc:Name>', '<cbc:Description>Ordner</cbc:Description><cbc:Description>A4, breit</cbc:Description><cbc:Name>Ordner A4, breit</cbc:Name>'],
  ['CII-SR-003', 'warning', 'BT-23', CII, guideline, twice(process) + guideline],
  ['CII-SR-009', 'fatal', 'BG-2', CII, guideline, twice(guideline)],
  ['CII-SR-010', 'fatal', 'BT-24', CII, guidelineId, twice(guidelineId)],
  ['CII-SR-221', 'warning', 'BG-25[1]/IncludedSubordinateTradeLineItem', CII, '</ram:SpecifiedLineTradeSettlement>', '</ram:SpecifiedLineTradeSettlement><ram:IncludedSubordinateTradeLineItem><ram:LineID>1.1</ram:LineID></ram:IncludedSubordinateTradeLineItem>'],
]

describe('CEN\u2019s syntax rules of EN 16931 (UBL-SR, CII-SR) on an incoming e-invoice', () => {
  it.each(cases)('%s (%s): broken at %s, named with its text in both languages', async (id, flag, location, xml, from, to) => {
    expect(xml).toContain(from)
    const result = await extractDocument(new TextEncoder().encode(xml.replace(from, to)))
    if (!result.ok) throw new Error(result.refusal.key)
    const violation = result.validation?.violations.find((v) => v.id === id)
    expect(violation).toMatchObject({ id, flag, ruleSet: EInvoiceRuleSet.en16931, location })
    const texts = (language: 'en' | 'de'): Record<string, string> => NAMESPACES.documents[language].einvoice.rules
    expect(violation?.text).toBe(texts('en')[id])
    expect(texts('de')[id]).toMatch(/\w/)
    if (flag === 'fatal') expect(result.validation?.status).toBe(EInvoiceValidationStatus.invalid)
  })
})
