import { addDecimals, canonicalDecimal, canonicalRate, percentOf, subtractDecimals } from '../money'
import type { TaxLine } from '../types'
import { all, at, attr, children, text, textAt, type XmlNode } from './xml-tree'
import type { EInvoiceLine } from '@portal/sdk/domain'
import { parsePercentText } from '@portal/sdk/validators'
import { compactIban, emptyEInvoice, oneLineAddress, type EInvoiceData } from './types'

function amount(node: XmlNode | undefined): string | null {
  const value = text(node)
  return value ? canonicalDecimal(value) : null
}

const REVERSE_CHARGE = /reverse.?charge|steuerschuld/i

/**
 * The VAT items of every version: 3.0-4.0 list Item (TaxedAmount, TaxRate, Amount) under Tax/VAT, or only a
 * TaxExemption for the whole invoice; 4.1-4.3 list VATItem (TaxedAmount, VATRate or TaxExemption, Amount); 5.0-6.1
 * list TaxItem (TaxableAmount, TaxPercent with its category, an optional TaxAmount) under Tax. A missing tax amount
 * is the basis times the rate, as the 5.0 schema documents it.
 */
function taxLines(doc: XmlNode | undefined, totalGross: string | null): TaxLine[] {
  const tax = at(doc, 'Tax')
  const line = (basis: string | null, rateNode: XmlNode | undefined, taxAmount: string | null, exemption: XmlNode | undefined): TaxLine => {
    const rate = (rateNode ? canonicalRate(text(rateNode) ?? '0') : '0') ?? '0'
    const exempt = exemption ? (REVERSE_CHARGE.test(text(exemption) ?? '') ? 'AE' : 'E') : null
    const category = attr(rateNode, 'TaxCategoryCode') ?? exempt ?? (rate === '0' ? 'Z' : 'S')
    return { rate, basis, tax: taxAmount ?? (basis ? percentOf(basis, rate) : null), category }
  }
  const v5 = children(tax, 'TaxItem').map((item) =>
    line(amount(at(item, 'TaxableAmount')), at(item, 'TaxPercent'), amount(at(item, 'TaxAmount')), undefined),
  )
  const vat = at(tax, 'VAT')
  const v41 = children(vat, 'VATItem').map((item) =>
    line(amount(at(item, 'TaxedAmount')), at(item, 'VATRate'), amount(at(item, 'Amount')), at(item, 'TaxExemption')),
  )
  const v3 = children(vat, 'Item').map((item) =>
    line(amount(at(item, 'TaxedAmount')), at(item, 'TaxRate'), amount(at(item, 'Amount')), undefined),
  )
  const wholeExemption = at(vat, 'TaxExemption')
  const exempt = wholeExemption && totalGross ? [line(totalGross, undefined, '0.00', wholeExemption)] : []
  return [...v5, ...v41, ...v3, ...exempt]
}

/** The version a namespace names ("http://www.ebinterface.at/schema/4p0/" -> "4.0"), or null. */
export function ebInterfaceVersion(namespace: string): string | null {
  const match = /ebinterface\.at\/schema\/(\d+)p(\d+)/i.exec(namespace)
  return match ? `${match[1]}.${match[2]}` : null
}

/** ebInterface 3.0 is the oldest version read; 1.0-2.x differ in structure and are refused with their version. */
export function isReadEbInterfaceVersion(version: string | null): boolean {
  return version !== null && Number(version.split('.')[0]) >= 3
}

function partyName(party: XmlNode | undefined): string | null {
  return textAt(party, 'Address', 'Name')
}

function address(party: XmlNode | undefined): string | null {
  const post = at(party, 'Address')
  return oneLineAddress([textAt(post, 'Street')], textAt(post, 'ZIP'), textAt(post, 'Town'))
}

/**
 * The list line items of every ItemList (BG-25); the rate is TaxRate in 3.0-4.0, VATRate in 4.1-4.3 and
 * TaxItem/TaxPercent from 5.0.
 */
function lines(doc: XmlNode | undefined): EInvoiceLine[] {
  return all(doc, 'Details', 'ItemList', 'ListLineItem').map((item) => {
    const quantity = at(item, 'Quantity')
    const rate = textAt(item, 'TaxItem', 'TaxPercent') ?? textAt(item, 'VATRate') ?? textAt(item, 'TaxRate')
    return {
      description: children(item, 'Description').map((d) => text(d)).filter(Boolean).join(' ') || null,
      quantity: text(quantity),
      unit: attr(quantity, 'Unit'),
      unit_price: amount(at(item, 'UnitPrice')),
      net: amount(at(item, 'LineItemAmount')),
      tax_rate: rate ? canonicalRate(rate) : at(item, 'TaxExemption') ? '0' : null,
    }
  })
}

/** Reads an Austrian ebInterface invoice of any version from 3.0 to 6.1. */
export function readEbInterface(root: XmlNode, version: string | null): EInvoiceData {
  const doc = at(root, 'Invoice')
  const data = emptyEInvoice('ebInterface')
  data.version = version
  data.invoice_number = textAt(doc, 'InvoiceNumber')
  data.document_type_code = attr(doc, 'DocumentType')
  data.issue_date = textAt(doc, 'InvoiceDate')
  data.currency = attr(doc, 'InvoiceCurrency')
  const biller = at(doc, 'Biller')
  const recipient = at(doc, 'InvoiceRecipient')
  data.seller_name = partyName(biller)
  data.buyer_name = partyName(recipient)
  data.buyer_address = address(recipient)
  data.seller_address = address(biller)
  data.lines = lines(doc)
  data.prepaid = amount(at(doc, 'PrepaidAmount'))
  data.seller_vat_id = textAt(biller, 'VATIdentificationNumber')
  data.buyer_vat_id = textAt(recipient, 'VATIdentificationNumber')
  data.total_gross = amount(at(doc, 'TotalGrossAmount'))
  data.amount_due = amount(at(doc, 'PayableAmount'))
  data.tax_breakdown = taxLines(doc, data.total_gross)
  // ebInterface states no net or tax total. The tax is the sum of the VAT items; the net is the gross less that tax,
  // so other taxes (beer or advertising tax, OtherTax) stay in the net as the cost they are.
  const taxes = data.tax_breakdown.map((line) => line.tax)
  if (taxes.length > 0 && taxes.every((t) => t !== null)) data.total_tax = addDecimals(taxes as string[])
  if (data.total_gross && data.total_tax) data.total_net = subtractDecimals(data.total_gross, data.total_tax)
  else {
    const bases = data.tax_breakdown.map((line) => line.basis)
    if (bases.length > 0 && bases.every((b) => b !== null)) data.total_net = addDecimals(bases as string[])
  }

  // 4.1 and later wrap the transfer in UniversalBankTransaction; 3.0-4.0 type PaymentMethod itself by xsi:type.
  const method = at(doc, 'PaymentMethod')
  const methodType = (attr(method, 'type') ?? '').replace(/^.*:/, '')
  const transfer = at(method, 'UniversalBankTransaction') ?? (methodType === 'UniversalBankTransactionType' ? method : undefined)
  data.ibans_payee = children(transfer, 'BeneficiaryAccount')
    .map((account) => compactIban(textAt(account, 'IBAN')))
    .filter((iban): iban is string => !!iban)
  data.iban = data.ibans_payee[0] ?? null
  data.bic = textAt(transfer, 'BeneficiaryAccount', 'BIC')
  data.payment_reference = textAt(transfer, 'PaymentReference')
  data.iban_payer_debit = compactIban(textAt(method, 'SEPADirectDebit', 'IBAN'))
  if (data.iban_payer_debit || at(method, 'SEPADirectDebit') || methodType === 'DirectDebitType') data.payment_means_codes.push('59')
  else if (transfer) data.payment_means_codes.push('58')
  const conditions = at(doc, 'PaymentConditions')
  data.payment_terms = textAt(conditions, 'Comment') ?? textAt(method, 'Comment')
  data.due_date = textAt(conditions, 'DueDate')
  data.skonto_due_date = textAt(conditions, 'Discount', 'PaymentDate')
  data.skonto_percent = parsePercentText(textAt(conditions, 'Discount', 'Percentage') ?? '')
  data.delivery_date = textAt(doc, 'Delivery', 'Date')
  data.service_period_start = textAt(doc, 'Delivery', 'Period', 'FromDate')
  data.service_period_end = textAt(doc, 'Delivery', 'Period', 'ToDate')
  return data
}
