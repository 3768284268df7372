import { canonicalDecimal, canonicalRate } from '../money'
import type { TaxLine } from '../types'
import { at, attr, children, text, textAt, type XmlNode } from './xml-tree'
import { parsePercentText } from '@portal/sdk/validators'
import { compactIban, emptyEInvoice, oneLineAddress, type EInvoiceData } from './types'

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

/** Reads an OASIS UBL 2 Invoice or CreditNote (XRechnung UBL, Peppol BIS). */
export function readUbl(root: XmlNode): EInvoiceData {
  const doc = at(root, 'Invoice') ?? at(root, 'CreditNote')
  const data = emptyEInvoice('UBL')
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
  const buyerPost = at(buyer, 'PostalAddress')
  data.buyer_address = oneLineAddress(
    [textAt(buyerPost, 'StreetName'), textAt(buyerPost, 'AdditionalStreetName'), textAt(buyerPost, 'AddressLine', 'Line')],
    textAt(buyerPost, 'PostalZone'),
    textAt(buyerPost, 'CityName'),
  )
  // UBL states a Skonto in PaymentTerms (Peppol: SettlementDiscountPercent with its period's end).
  const discountTerms = children(doc, 'PaymentTerms').find((terms) => at(terms, 'SettlementDiscountPercent'))
  data.skonto_percent = parsePercentText(textAt(discountTerms, 'SettlementDiscountPercent') ?? '')
  data.skonto_due_date = textAt(discountTerms, 'SettlementPeriod', 'EndDate')

  const totals = at(doc, 'LegalMonetaryTotal')
  data.total_gross = amount(at(totals, 'TaxInclusiveAmount'))
  data.total_net = amount(at(totals, 'TaxExclusiveAmount'))
  data.amount_due = amount(at(totals, 'PayableAmount'))

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
  data.bic =
    means.map((entry) => textAt(entry, 'PayeeFinancialAccount', 'FinancialInstitutionBranch', 'ID')).find((b) => !!b) ??
    null
  data.iban_payer_debit =
    means.map((entry) => compactIban(textAt(entry, 'PaymentMandate', 'PayerFinancialAccount', 'ID'))).find((i) => !!i) ??
    null
  data.delivery_date = textAt(doc, 'Delivery', 'ActualDeliveryDate')
  data.service_period_start = textAt(doc, 'InvoicePeriod', 'StartDate')
  data.service_period_end = textAt(doc, 'InvoicePeriod', 'EndDate')
  return data
}
