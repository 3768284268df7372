import { addDecimals, canonicalDecimal, canonicalRate } from '../money'
import type { TaxLine } from '../types'
import { at, attr, children, text, textAt, type XmlNode } from './xml-tree'
import { parsePercentText } from '@portal/sdk/validators'
import { compactIban, emptyEInvoice, oneLineAddress, type EInvoiceData } from './types'

function amount(node: XmlNode | undefined): string | null {
  const value = text(node)
  return value ? canonicalDecimal(value) : null
}

/** ebInterface 6 lists TaxItem under Tax; ebInterface 5 lists VATItem under Tax/VAT. */
function taxLines(doc: XmlNode | undefined): TaxLine[] {
  const tax = at(doc, 'Tax')
  const v6 = children(tax, 'TaxItem').map(
    (item): TaxLine => ({
      rate: canonicalRate(textAt(item, 'TaxPercent') ?? '0') ?? '0',
      basis: amount(at(item, 'TaxableAmount')),
      tax: amount(at(item, 'TaxAmount')),
      category: attr(at(item, 'TaxPercent'), 'TaxCategoryCode'),
    }),
  )
  const v5 = children(at(tax, 'VAT'), 'VATItem').map(
    (item): TaxLine => ({
      rate: canonicalRate(textAt(item, 'VATRate') ?? '0') ?? '0',
      basis: amount(at(item, 'TaxedAmount')),
      tax: amount(at(item, 'Amount')),
      category: attr(at(item, 'VATRate'), 'TaxCategoryCode'),
    }),
  )
  return [...v6, ...v5]
}

function partyName(party: XmlNode | undefined): string | null {
  return textAt(party, 'Address', 'Name')
}

/** Reads an Austrian ebInterface 5.x or 6.x invoice. */
export function readEbInterface(root: XmlNode): EInvoiceData {
  const doc = at(root, 'Invoice')
  const data = emptyEInvoice('ebInterface')
  data.invoice_number = textAt(doc, 'InvoiceNumber')
  data.document_type_code = attr(doc, 'DocumentType')
  data.issue_date = textAt(doc, 'InvoiceDate')
  data.currency = attr(doc, 'InvoiceCurrency')
  const biller = at(doc, 'Biller')
  const recipient = at(doc, 'InvoiceRecipient')
  data.seller_name = partyName(biller)
  data.buyer_name = partyName(recipient)
  const recipientAddress = at(recipient, 'Address')
  data.buyer_address = oneLineAddress([textAt(recipientAddress, 'Street')], textAt(recipientAddress, 'ZIP'), textAt(recipientAddress, 'Town'))
  data.seller_vat_id = textAt(biller, 'VATIdentificationNumber')
  data.buyer_vat_id = textAt(recipient, 'VATIdentificationNumber')
  data.tax_breakdown = taxLines(doc)
  data.total_gross = amount(at(doc, 'TotalGrossAmount'))
  data.amount_due = amount(at(doc, 'PayableAmount'))
  // ebInterface states no net or tax total; both follow exactly from the tax lines.
  const bases = data.tax_breakdown.map((line) => line.basis)
  const taxes = data.tax_breakdown.map((line) => line.tax)
  if (bases.length > 0 && bases.every((b) => b !== null)) data.total_net = addDecimals(bases as string[])
  if (taxes.length > 0 && taxes.every((t) => t !== null)) data.total_tax = addDecimals(taxes as string[])

  const transfer = at(doc, 'PaymentMethod', 'UniversalBankTransaction')
  data.ibans_payee = children(transfer, 'BeneficiaryAccount')
    .map((account) => compactIban(textAt(account, 'IBAN')))
    .filter((iban): iban is string => !!iban)
  data.iban = data.ibans_payee[0] ?? null
  data.bic = textAt(transfer, 'BeneficiaryAccount', 'BIC')
  data.iban_payer_debit = compactIban(textAt(doc, 'PaymentMethod', 'SEPADirectDebit', 'IBAN'))
  if (data.iban_payer_debit) data.payment_means_codes.push('59')
  else if (transfer) data.payment_means_codes.push('58')
  const conditions = at(doc, 'PaymentConditions')
  data.due_date = textAt(conditions, 'DueDate')
  data.skonto_due_date = textAt(conditions, 'Discount', 'PaymentDate')
  data.skonto_percent = parsePercentText(textAt(conditions, 'Discount', 'Percentage') ?? '')
  data.delivery_date = textAt(doc, 'Delivery', 'Date')
  data.service_period_start = textAt(doc, 'Delivery', 'Period', 'FromDate')
  data.service_period_end = textAt(doc, 'Delivery', 'Period', 'ToDate')
  return data
}
