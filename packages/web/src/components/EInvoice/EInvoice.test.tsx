import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import axe from 'axe-core'
import { EInvoiceRuleSet, EInvoiceValidationStatus, type EInvoiceValidation, type EInvoiceView } from '@portal/sdk/domain'
import { renderWithShell } from '../../test/render'
import { EInvoiceCheck } from './EInvoiceCheck'
import { EInvoicePage } from './EInvoicePage'

const view: EInvoiceView = {
  syntax: 'UBL',
  profile: 'XRechnung 3.0',
  document_type_code: '380',
  invoice_number: '123456XX',
  issue_date: '2016-01-04',
  due_date: '2016-02-03',
  delivery_date: null,
  service_period_start: '2016-01-01',
  service_period_end: '2016-12-31',
  currency: 'EUR',
  seller: { name: 'Alpenblick Bürobedarf GmbH', address: 'Hauptplatz 3, 8010 Graz', vat_id: 'ATU13585627' },
  buyer: { name: 'Gasthof Zur Post GmbH', address: 'Landstraße 3, 4020 Linz', vat_id: null },
  more_lines: 0,
  lines: [{ description: 'Zeitschrift Inland', quantity: '1', unit: 'XPP', unit_price: '1288.79', net: '1288.79', tax_rate: '7' }],
  tax: [{ rate: '7', basis: '1288.79', tax: '90.22', category: 'S' }],
  totals: { net: '1288.79', tax: '90.22', gross: '1379.01', prepaid: null, due: '1379.01' },
  payment: { means_codes: ['58'], iban: 'DE79000000001234567890', bic: null, reference: 'RE-42', terms: 'Zahlbar sofort ohne Abzug.', skonto_percent: null, skonto_due_date: null },
}

const invalid: EInvoiceValidation = {
  status: EInvoiceValidationStatus.invalid,
  specification: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
  profile: 'XRechnung 3.0',
  ruleSets: [EInvoiceRuleSet.en16931, EInvoiceRuleSet.xrechnung],
  violations: [
    { id: 'BR-CO-15', flag: 'fatal', count: 1, ruleSet: EInvoiceRuleSet.en16931, text: 'Invoice total amount with VAT (BT-112) = Invoice total amount without VAT (BT-109) + Invoice total VAT amount (BT-110).', location: '/Invoice' },
    { id: 'BR-XX-99', flag: 'warning', count: 1, ruleSet: EInvoiceRuleSet.en16931, text: 'A rule the portal has no text of its own for.', location: '/Invoice' },
  ],
  millis: 412,
}

describe('EInvoicePage: an XML e-invoice as a readable page', () => {
  it('shows seller, buyer, lines, tax, totals and payment with English labels and English amounts', async () => {
    renderWithShell(<EInvoicePage view={view} />, { lng: 'en' })
    const page = screen.getByRole('article', { name: /Readable view of the e-invoice/ })
    expect(within(page).getByRole('heading', { name: 'Invoice 123456XX' })).toBeTruthy()
    expect(within(page).getByText('Alpenblick Bürobedarf GmbH')).toBeTruthy()
    expect(within(page).getByText('Gasthof Zur Post GmbH')).toBeTruthy()
    expect(within(page).getByText('VAT id: ATU13585627')).toBeTruthy()
    expect(within(page).getByRole('columnheader', { name: 'Description' })).toBeTruthy()
    expect(within(page).getByText('Zeitschrift Inland')).toBeTruthy()
    expect(within(page).getAllByText('€1,288.79').length).toBeGreaterThan(0)
    expect(within(page).getByText('€1,379.01', { selector: '[data-total="gross"]' })).toBeTruthy()
    expect(within(page).getByText('4 January 2016')).toBeTruthy()
    expect(within(page).getByText('DE79000000001234567890')).toBeTruthy()
    expect((await axe.run(page)).violations).toEqual([])
  })

  it('speaks German: labels, "Jänner", amounts with a decimal comma', () => {
    renderWithShell(<EInvoicePage view={view} />, { lng: 'de' })
    const page = screen.getByRole('article', { name: /Lesbare Ansicht der E-Rechnung/ })
    expect(within(page).getByRole('heading', { name: 'Rechnung 123456XX' })).toBeTruthy()
    expect(within(page).getByText('Verkäufer')).toBeTruthy()
    expect(within(page).getByRole('columnheader', { name: 'Bezeichnung' })).toBeTruthy()
    expect(within(page).getByText('4. Jänner 2016')).toBeTruthy()
    expect(within(page).getByText(/1\.379,01/, { selector: '[data-total="gross"]' })).toBeTruthy()
  })
})

describe('EInvoiceCheck: the result of the business rule check on the document', () => {
  it('lists each broken rule with its id and text, in English', () => {
    renderWithShell(<EInvoiceCheck validation={invalid} />, { lng: 'en' })
    const check = screen.getByRole('region', { name: 'E-invoice check' })
    expect(within(check).getByText('Not valid: the e-invoice breaks one official rule.')).toBeTruthy()
    const rule = within(check).getByTestId('rule-BR-CO-15')
    expect(rule.textContent).toContain('BR-CO-15')
    expect(rule.textContent).toContain('The total with VAT (BT-112) is not the total without VAT (BT-109) plus the total VAT (BT-110).')
    // A rule without a text in the catalogue (stored by an older check) shows its stored wording, marked as such.
    expect(within(check).getByTestId('rule-BR-XX-99').textContent).toContain('official wording')
  })

  it('in German: the rules in German', () => {
    renderWithShell(<EInvoiceCheck validation={{ ...invalid, millis: 0.125 }} />, { lng: 'de' })
    const check = screen.getByRole('region', { name: 'Prüfung der E-Rechnung' })
    // The check takes well under a millisecond: its time is written as the language writes numbers.
    expect(check.textContent).toContain('(0,125 ms)')
    expect(within(check).getByTestId('rule-BR-CO-15').textContent).toContain('Der Betrag mit USt (BT-112) ist nicht der Betrag ohne USt (BT-109) plus die USt-Summe (BT-110).')
  })

  it('says a MINIMUM profile is no invoice under German law', () => {
    const minimum: EInvoiceValidation = { ...invalid, status: EInvoiceValidationStatus.notAnInvoice, profile: 'ZUGFeRD / Factur-X MINIMUM', ruleSets: [], violations: [], millis: 0 }
    renderWithShell(<EInvoiceCheck validation={minimum} />, { lng: 'de' })
    expect(screen.getByText(/Keine Rechnung nach deutschem Recht: Das Profil ZUGFeRD \/ Factur-X MINIMUM/)).toBeTruthy()
  })

  it('lists each element that breaks the schema with the rule and its line, in English and in German', () => {
    const schema: EInvoiceValidation['schema'] = {
      schema: 'UBL 2.1 Invoice',
      valid: false,
      count: 2,
      errors: [
        { rule: 'invalidValue', element: 'IssueDate', line: 7, value: '05.10.2026', attribute: null, expected: 'xs:date', message: "Element '{urn:x}IssueDate': '05.10.2026' is not a valid value of the atomic type 'xs:date'." },
        { rule: 'attributeMissing', element: 'TaxAmount', line: 88, value: null, attribute: 'currencyID', expected: null, message: "Element '{urn:x}TaxAmount': The attribute 'currencyID' is required but missing." },
      ],
    }
    const validation: EInvoiceValidation = { ...invalid, violations: [], schema }
    const { unmount } = renderWithShell(<EInvoiceCheck validation={validation} />, { lng: 'en' })
    const english = screen.getByTestId('einvoice-schema')
    expect(english.textContent).toContain('Schema: the XML breaks the schema UBL 2.1 Invoice in 2 places.')
    expect(within(english).getByTestId('schema-invalidValue').textContent).toContain('Element IssueDate: "05.10.2026" is not a valid value of the type xs:date. (line 7)')
    expect(within(english).getByTestId('schema-attributeMissing').textContent).toContain('Element TaxAmount: the required attribute currencyID is missing.')
    unmount()
    renderWithShell(<EInvoiceCheck validation={validation} />, { lng: 'de' })
    const german = screen.getByTestId('einvoice-schema')
    expect(german.textContent).toContain('Schema: das XML verletzt das Schema UBL 2.1 Invoice an 2 Stellen.')
    expect(within(german).getByTestId('schema-invalidValue').textContent).toContain('Element IssueDate: „05.10.2026“ ist kein gültiger Wert des Typs xs:date. (Zeile 7)')
    expect(within(german).getByTestId('schema-attributeMissing').textContent).toContain('Element TaxAmount: das Pflichtattribut currencyID fehlt.')
  })

  it('says when the XML keeps its schema', () => {
    const validation: EInvoiceValidation = { ...invalid, status: EInvoiceValidationStatus.valid, violations: [], schema: { schema: 'ebInterface 6.1', valid: true, errors: [], count: 0 } }
    renderWithShell(<EInvoiceCheck validation={validation} />, { lng: 'de' })
    expect(screen.getByTestId('einvoice-schema').textContent).toBe('Schema: das XML entspricht dem Schema ebInterface 6.1.')
  })
})
