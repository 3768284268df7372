import { addDecimals, canonicalDecimal, canonicalRate } from '../money'
import type { TaxLine } from '../types'
import { at, attr, attributeValues, children, text, textAt, type XmlNode } from './xml-tree'
import type { EInvoiceLine } from '@portal/sdk/domain'
import { parsePercentText } from '@portal/sdk/validators'
import { syntaxCounts } from './syntax-counts'
import { compactIban, emptyEInvoice, oneLineAddress, type EInvoiceData, type EInvoiceRuleAddress, type EInvoiceRuleDetails } from './types'

function amount(node: XmlNode | undefined): string | null {
  const value = text(node)
  return value ? canonicalDecimal(value) : null
}

function partyName(party: XmlNode | undefined): string | null {
  return textAt(party, 'PartyLegalEntity', 'RegistrationName') ?? textAt(party, 'PartyName', 'Name')
}

/** The VAT id is the PartyTaxScheme whose TaxScheme is VAT (another may hold a national tax number). */
function vatId(party: XmlNode | undefined): string | null {
  const schemes = children(party, 'PartyTaxScheme')
  const vat = schemes.find((scheme) => (textAt(scheme, 'TaxScheme', 'ID') ?? '').toUpperCase() === 'VAT')
  return textAt(vat, 'CompanyID')
}

function address(party: XmlNode | undefined): string | null {
  const post = at(party, 'PostalAddress')
  return oneLineAddress(
    [textAt(post, 'StreetName'), textAt(post, 'AdditionalStreetName'), textAt(post, 'AddressLine', 'Line')],
    textAt(post, 'PostalZone'),
    textAt(post, 'CityName'),
  )
}

function place(party: XmlNode | undefined): EInvoiceRuleAddress {
  const post = at(party, 'PostalAddress')
  return { country: textAt(post, 'Country', 'IdentificationCode'), city: textAt(post, 'CityName'), postcode: textAt(post, 'PostalZone') }
}

/** The values only the business rules look at (EN 16931 in UBL syntax). */
function ruleDetails(doc: XmlNode | undefined, seller: XmlNode | undefined, buyer: XmlNode | undefined, taxTotal: XmlNode | undefined): EInvoiceRuleDetails {
  const contact = at(seller, 'Contact')
  const totals = at(doc, 'LegalMonetaryTotal')
  const thirdParty = children(doc, 'PrepaidPayment')
    .map((payment) => amount(at(payment, 'PaidAmount')))
    .filter((paid): paid is string => !!paid)
  return {
    buyer_reference: textAt(doc, 'BuyerReference'),
    order_reference: textAt(doc, 'OrderReference', 'ID'),
    business_process: textAt(doc, 'ProfileID'),
    seller_endpoint: textAt(seller, 'EndpointID'),
    buyer_endpoint: textAt(buyer, 'EndpointID'),
    seller_identifier: textAt(seller, 'PartyIdentification', 'ID') ?? textAt(seller, 'PartyLegalEntity', 'CompanyID'),
    seller_tax_registration: textAt(
      children(seller, 'PartyTaxScheme').find((scheme) => (textAt(scheme, 'TaxScheme', 'ID') ?? '').toUpperCase() !== 'VAT'),
      'CompanyID',
    ),
    seller_tax_representative_vat_id: textAt(doc, 'TaxRepresentativeParty', 'PartyTaxScheme', 'CompanyID'),
    buyer_identifier: textAt(buyer, 'PartyLegalEntity', 'CompanyID'),
    seller: place(seller),
    buyer: place(buyer),
    seller_contact: contact ? { name: textAt(contact, 'Name'), phone: textAt(contact, 'Telephone'), email: textAt(contact, 'ElectronicMail') } : null,
    line_categories: [...children(doc, 'InvoiceLine'), ...children(doc, 'CreditNoteLine')].map((line) => textAt(line, 'Item', 'ClassifiedTaxCategory', 'ID')),
    tax_exemptions: children(taxTotal, 'TaxSubtotal').map(
      (sub) => textAt(sub, 'TaxCategory', 'TaxExemptionReason') ?? textAt(sub, 'TaxCategory', 'TaxExemptionReasonCode'),
    ),
    allowances_charges: children(doc, 'AllowanceCharge').map((entry) => ({
      charge: textAt(entry, 'ChargeIndicator') === 'true',
      amount: amount(at(entry, 'Amount')),
      category: textAt(entry, 'TaxCategory', 'ID'),
      rate: canonicalRate(textAt(entry, 'TaxCategory', 'Percent') ?? ''),
    })),
    line_total: amount(at(totals, 'LineExtensionAmount')),
    allowance_total: amount(at(totals, 'AllowanceTotalAmount')),
    charge_total: amount(at(totals, 'ChargeTotalAmount')),
    rounding: amount(at(totals, 'PayableRoundingAmount')),
    third_party: thirdParty.length > 0 ? addDecimals(thirdParty) : null,
    tax_currency: textAt(doc, 'TaxCurrencyCode'),
    amount_currencies: attributeValues(doc, 'currencyID'),
    delivery_country: textAt(doc, 'Delivery', 'DeliveryLocation', 'Address', 'Country', 'IdentificationCode'),
    line_origin_countries: [...children(doc, 'InvoiceLine'), ...children(doc, 'CreditNoteLine')].map((line) =>
      textAt(line, 'Item', 'OriginCountry', 'IdentificationCode'),
    ),
    tax_exemption_codes: children(taxTotal, 'TaxSubtotal').map((sub) => textAt(sub, 'TaxCategory', 'TaxExemptionReasonCode')),
    syntax_counts: syntaxCounts('UBL', doc),
  }
}

/** Invoice or credit note lines (BG-25). */
function lines(doc: XmlNode | undefined): EInvoiceLine[] {
  return [...children(doc, 'InvoiceLine'), ...children(doc, 'CreditNoteLine')].map((line) => {
    const quantity = at(line, 'InvoicedQuantity') ?? at(line, 'CreditedQuantity')
    return {
      description: textAt(line, 'Item', 'Name') ?? textAt(line, 'Item', 'Description'),
      quantity: text(quantity),
      unit: attr(quantity, 'unitCode'),
      unit_price: amount(at(line, 'Price', 'PriceAmount')),
      net: amount(at(line, 'LineExtensionAmount')),
      tax_rate: canonicalRate(textAt(line, 'Item', 'ClassifiedTaxCategory', 'Percent') ?? ''),
    }
  })
}

/** Reads an OASIS UBL 2 Invoice or CreditNote (XRechnung UBL, Peppol BIS). */
export function readUbl(root: XmlNode): EInvoiceData {
  const doc = at(root, 'Invoice') ?? at(root, 'CreditNote')
  const data = emptyEInvoice('UBL')
  data.version = textAt(doc, 'CustomizationID')
  data.invoice_number = textAt(doc, 'ID')
  data.document_type_code = textAt(doc, 'InvoiceTypeCode') ?? textAt(doc, 'CreditNoteTypeCode')
  data.issue_date = textAt(doc, 'IssueDate')
  data.currency = textAt(doc, 'DocumentCurrencyCode')
  data.due_date = textAt(doc, 'DueDate') ?? textAt(doc, 'PaymentMeans', 'PaymentDueDate')

  const seller = at(doc, 'AccountingSupplierParty', 'Party')
  const buyer = at(doc, 'AccountingCustomerParty', 'Party')
  data.seller_name = partyName(seller)
  data.buyer_name = partyName(buyer)
  data.seller_vat_id = vatId(seller)
  data.buyer_vat_id = vatId(buyer)
  data.buyer_address = address(buyer)
  data.seller_address = address(seller)
  // UBL states a Skonto in PaymentTerms (Peppol: SettlementDiscountPercent with its period's end).
  const discountTerms = children(doc, 'PaymentTerms').find((terms) => at(terms, 'SettlementDiscountPercent'))
  data.skonto_percent = parsePercentText(textAt(discountTerms, 'SettlementDiscountPercent') ?? '')
  data.skonto_due_date = textAt(discountTerms, 'SettlementPeriod', 'EndDate')

  const totals = at(doc, 'LegalMonetaryTotal')
  data.total_gross = amount(at(totals, 'TaxInclusiveAmount'))
  data.total_net = amount(at(totals, 'TaxExclusiveAmount'))
  data.amount_due = amount(at(totals, 'PayableAmount'))
  data.prepaid = amount(at(totals, 'PrepaidAmount'))
  data.lines = lines(doc)
  data.payment_terms = children(doc, 'PaymentTerms').map((terms) => textAt(terms, 'Note')).filter(Boolean).join('\n') || null

  // A second TaxTotal may repeat the tax in the VAT accounting currency; the invoice currency one counts.
  const taxTotals = children(doc, 'TaxTotal')
  const taxTotal =
    taxTotals.find((total) => attr(at(total, 'TaxAmount'), 'currencyID') === data.currency) ?? taxTotals[0]
  data.total_tax = amount(at(taxTotal, 'TaxAmount'))
  data.tax_breakdown = children(taxTotal, 'TaxSubtotal').map(
    (sub): TaxLine => ({
      rate: canonicalRate(textAt(sub, 'TaxCategory', 'Percent') ?? textAt(sub, 'Percent') ?? '0') ?? '0',
      basis: amount(at(sub, 'TaxableAmount')),
      tax: amount(at(sub, 'TaxAmount')),
      category: textAt(sub, 'TaxCategory', 'ID'),
    }),
  )

  const means = children(doc, 'PaymentMeans')
  data.payment_means_codes = means
    .map((entry) => textAt(entry, 'PaymentMeansCode'))
    .filter((code): code is string => !!code)
  data.ibans_payee = means
    .map((entry) => compactIban(textAt(entry, 'PayeeFinancialAccount', 'ID')))
    .filter((iban): iban is string => !!iban)
  data.iban = data.ibans_payee[0] ?? null
  data.payment_reference = means.map((entry) => textAt(entry, 'PaymentID')).find((id) => !!id) ?? null
  data.bic =
    means.map((entry) => textAt(entry, 'PayeeFinancialAccount', 'FinancialInstitutionBranch', 'ID')).find((b) => !!b) ??
    null
  data.iban_payer_debit =
    means.map((entry) => compactIban(textAt(entry, 'PaymentMandate', 'PayerFinancialAccount', 'ID'))).find((i) => !!i) ??
    null
  data.delivery_date = textAt(doc, 'Delivery', 'ActualDeliveryDate')
  data.service_period_start = textAt(doc, 'InvoicePeriod', 'StartDate')
  data.service_period_end = textAt(doc, 'InvoicePeriod', 'EndDate')
  data.rules = ruleDetails(doc, seller, buyer, taxTotal)
  return data
}
