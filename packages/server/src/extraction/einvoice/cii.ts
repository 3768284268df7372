import { canonicalDecimal, canonicalRate } from '../money'
import type { TaxLine } from '../types'
import { at, attr, attributeValues, children, text, textAt, type XmlNode } from './xml-tree'
import type { EInvoiceLine } from '@portal/sdk/domain'
import { parsePercentText } from '@portal/sdk/validators'
import { plusDays } from '../rules/payment-terms'
import { syntaxCounts } from './syntax-counts'
import { compactIban, emptyEInvoice, oneLineAddress, type EInvoiceData, type EInvoiceRuleAddress, type EInvoiceRuleDetails } from './types'

/** CII dates carry a format code: 102 is YYYYMMDD, the only one that names a day. */
function ciiDate(node: XmlNode | undefined): string | null {
  const holder = node ? (at(node, 'DateTimeString') ?? node) : undefined
  const value = text(holder)
  if (!value) return null
  const digits = value.replace(/\D/g, '')
  if (digits.length === 8) return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`
  return value
}

function amount(node: XmlNode | undefined): string | null {
  const value = text(node)
  return value ? canonicalDecimal(value) : null
}

/** Picks the amount in the invoice currency when a total is given twice (invoice and VAT accounting currency). */
function amountIn(nodes: XmlNode[], currency: string | null): string | null {
  const match = nodes.find((node) => currency && attr(node, 'currencyID') === currency) ?? nodes[0]
  return amount(match)
}

function taxRegistration(party: XmlNode | undefined, scheme: string): string | null {
  const entry = children(party, 'SpecifiedTaxRegistration').find((reg) => attr(at(reg, 'ID'), 'schemeID') === scheme)
  return text(at(entry, 'ID'))
}

function address(party: XmlNode | undefined): string | null {
  const post = at(party, 'PostalTradeAddress')
  return oneLineAddress(
    [textAt(post, 'LineOne'), textAt(post, 'LineTwo'), textAt(post, 'LineThree')],
    textAt(post, 'PostcodeCode'),
    textAt(post, 'CityName'),
  )
}

function place(party: XmlNode | undefined): EInvoiceRuleAddress {
  const post = at(party, 'PostalTradeAddress')
  return { country: textAt(post, 'CountryID'), city: textAt(post, 'CityName'), postcode: textAt(post, 'PostcodeCode') }
}

/** The values only the business rules look at (EN 16931 in CII syntax). */
function ruleDetails(
  agreement: XmlNode | undefined,
  delivery: XmlNode | undefined,
  transaction: XmlNode | undefined,
  settlement: XmlNode | undefined,
  summation: XmlNode | undefined,
  currency: string | null,
): Omit<EInvoiceRuleDetails, 'syntax_counts'> {
  const seller = at(agreement, 'SellerTradeParty')
  const contact = at(seller, 'DefinedTradeContact')
  return {
    buyer_reference: textAt(agreement, 'BuyerReference'),
    order_reference: textAt(agreement, 'BuyerOrderReferencedDocument', 'IssuerAssignedID'),
    business_process: null,
    seller_endpoint: textAt(seller, 'URIUniversalCommunication', 'URIID'),
    buyer_endpoint: textAt(at(agreement, 'BuyerTradeParty'), 'URIUniversalCommunication', 'URIID'),
    seller_identifier: textAt(seller, 'ID') ?? textAt(seller, 'GlobalID') ?? textAt(seller, 'SpecifiedLegalOrganization', 'ID'),
    seller_tax_registration: taxRegistration(seller, 'FC'),
    seller_tax_representative_vat_id: taxRegistration(at(agreement, 'SellerTaxRepresentativeTradeParty'), 'VA'),
    buyer_identifier: textAt(at(agreement, 'BuyerTradeParty'), 'SpecifiedLegalOrganization', 'ID'),
    seller: place(seller),
    buyer: place(at(agreement, 'BuyerTradeParty')),
    seller_contact: contact
      ? {
          name: textAt(contact, 'PersonName') ?? textAt(contact, 'DepartmentName'),
          phone: textAt(contact, 'TelephoneUniversalCommunication', 'CompleteNumber'),
          email: textAt(contact, 'EmailURIUniversalCommunication', 'URIID'),
        }
      : null,
    line_categories: children(transaction, 'IncludedSupplyChainTradeLineItem').map((item) => {
      const lineSettlement = at(item, 'SpecifiedLineTradeSettlement') ?? at(item, 'SpecifiedSupplyChainTradeSettlement')
      return textAt(lineSettlement, 'ApplicableTradeTax', 'CategoryCode')
    }),
    tax_exemptions: children(settlement, 'ApplicableTradeTax').map((tax) => textAt(tax, 'ExemptionReason') ?? textAt(tax, 'ExemptionReasonCode')),
    allowances_charges: [
      ...children(settlement, 'SpecifiedTradeAllowanceCharge').map((entry) => ({
        charge: (textAt(entry, 'ChargeIndicator', 'Indicator') ?? textAt(entry, 'ChargeIndicator')) === 'true',
        amount: amount(at(entry, 'ActualAmount')),
        category: textAt(entry, 'CategoryTradeTax', 'CategoryCode'),
        rate: canonicalRate(textAt(entry, 'CategoryTradeTax', 'RateApplicablePercent') ?? ''),
      })),
      // ZUGFeRD/Factur-X EXTENDED's logistics service charges (freight, packing) are charges too: its charge total and
      // VAT basis include them (the corpus's EXTENDED invoices broke BR-CO-12 and BR-S-08 without them).
      ...children(settlement, 'SpecifiedLogisticsServiceCharge').map((entry) => ({
        charge: true,
        amount: amount(at(entry, 'AppliedAmount')),
        category: textAt(entry, 'AppliedTradeTax', 'CategoryCode'),
        rate: canonicalRate(textAt(entry, 'AppliedTradeTax', 'RateApplicablePercent') ?? ''),
      })),
    ],
    line_total: amountIn(children(summation, 'LineTotalAmount'), currency),
    allowance_total: amountIn(children(summation, 'AllowanceTotalAmount'), currency),
    charge_total: amountIn(children(summation, 'ChargeTotalAmount'), currency),
    rounding: amountIn(children(summation, 'RoundingAmount'), currency),
    third_party: null,
    tax_currency: textAt(settlement, 'TaxCurrencyCode'),
    amount_currencies: attributeValues(transaction, 'currencyID'),
    delivery_country: textAt(delivery, 'ShipToTradeParty', 'PostalTradeAddress', 'CountryID'),
    line_origin_countries: children(transaction, 'IncludedSupplyChainTradeLineItem').map((item) =>
      textAt(item, 'SpecifiedTradeProduct', 'OriginTradeCountry', 'ID'),
    ),
    tax_exemption_codes: children(settlement, 'ApplicableTradeTax').map((tax) => textAt(tax, 'ExemptionReasonCode')),
  }
}

/** The trade line items (BG-25), in the names of CII D16B and of ZUGFeRD 1.0. */
function lines(transaction: XmlNode | undefined): EInvoiceLine[] {
  return children(transaction, 'IncludedSupplyChainTradeLineItem').map((item) => {
    const agreement = at(item, 'SpecifiedLineTradeAgreement') ?? at(item, 'SpecifiedSupplyChainTradeAgreement')
    const delivery = at(item, 'SpecifiedLineTradeDelivery') ?? at(item, 'SpecifiedSupplyChainTradeDelivery')
    const settlement = at(item, 'SpecifiedLineTradeSettlement') ?? at(item, 'SpecifiedSupplyChainTradeSettlement')
    const quantity = at(delivery, 'BilledQuantity')
    const summation =
      at(settlement, 'SpecifiedTradeSettlementLineMonetarySummation') ?? at(settlement, 'SpecifiedTradeSettlementMonetarySummation')
    return {
      description: textAt(item, 'SpecifiedTradeProduct', 'Name'),
      quantity: text(quantity),
      unit: attr(quantity, 'unitCode'),
      unit_price: amount(at(agreement, 'NetPriceProductTradePrice', 'ChargeAmount')),
      net: amount(at(summation, 'LineTotalAmount')),
      tax_rate: canonicalRate(
        textAt(settlement, 'ApplicableTradeTax', 'RateApplicablePercent') ?? textAt(settlement, 'ApplicableTradeTax', 'ApplicablePercent') ?? '',
      ),
    }
  })
}

/** Reads a UN/CEFACT Cross Industry Invoice (ZUGFeRD 1 and 2, Factur-X, XRechnung CII). */
export function readCii(root: XmlNode): EInvoiceData {
  const doc = at(root, 'CrossIndustryInvoice') ?? at(root, 'CrossIndustryDocument') ?? at(root, 'Invoice')
  const data = emptyEInvoice('CII')
  const header = at(doc, 'ExchangedDocument') ?? at(doc, 'HeaderExchangedDocument')
  const context = at(doc, 'ExchangedDocumentContext') ?? at(doc, 'SpecifiedExchangedDocumentContext')
  data.version = textAt(context, 'GuidelineSpecifiedDocumentContextParameter', 'ID')
  const transaction = at(doc, 'SupplyChainTradeTransaction') ?? at(doc, 'SpecifiedSupplyChainTradeTransaction')
  const agreement = at(transaction, 'ApplicableHeaderTradeAgreement') ?? at(transaction, 'ApplicableSupplyChainTradeAgreement')
  const delivery = at(transaction, 'ApplicableHeaderTradeDelivery') ?? at(transaction, 'ApplicableSupplyChainTradeDelivery')
  const settlement =
    at(transaction, 'ApplicableHeaderTradeSettlement') ?? at(transaction, 'ApplicableSupplyChainTradeSettlement')
  const summation =
    at(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation') ??
    at(settlement, 'SpecifiedTradeSettlementMonetarySummation')

  data.invoice_number = textAt(header, 'ID')
  data.document_type_code = textAt(header, 'TypeCode')
  data.issue_date = ciiDate(at(header, 'IssueDateTime'))
  data.currency =
    textAt(settlement, 'InvoiceCurrencyCode') ??
    attr(at(summation, 'GrandTotalAmount'), 'currencyID') ??
    attr(at(summation, 'TaxTotalAmount'), 'currencyID')

  const seller = at(agreement, 'SellerTradeParty')
  const buyer = at(agreement, 'BuyerTradeParty')
  data.seller_name = textAt(seller, 'Name')
  data.buyer_name = textAt(buyer, 'Name')
  data.buyer_address = address(buyer)
  data.seller_address = address(seller)
  data.seller_vat_id = taxRegistration(seller, 'VA')
  data.buyer_vat_id = taxRegistration(buyer, 'VA')

  data.total_gross = amountIn(children(summation, 'GrandTotalAmount'), data.currency)
  data.total_net = amountIn(children(summation, 'TaxBasisTotalAmount'), data.currency)
  data.total_tax = amountIn(children(summation, 'TaxTotalAmount'), data.currency)
  data.amount_due = amountIn(children(summation, 'DuePayableAmount'), data.currency)
  data.prepaid = amountIn(children(summation, 'TotalPrepaidAmount'), data.currency)
  data.lines = lines(transaction)
  data.payment_reference = textAt(settlement, 'PaymentReference')

  data.tax_breakdown = children(settlement, 'ApplicableTradeTax').map(
    (tax): TaxLine => ({
      rate: canonicalRate(textAt(tax, 'RateApplicablePercent') ?? textAt(tax, 'ApplicablePercent') ?? '0') ?? '0',
      basis: amount(at(tax, 'BasisAmount')),
      tax: amount(at(tax, 'CalculatedAmount')),
      category: textAt(tax, 'CategoryCode'),
    }),
  )

  const means = children(settlement, 'SpecifiedTradeSettlementPaymentMeans')
  data.payment_means_codes = means.map((entry) => textAt(entry, 'TypeCode')).filter((code): code is string => !!code)
  data.ibans_payee = means
    .map((entry) => compactIban(textAt(entry, 'PayeePartyCreditorFinancialAccount', 'IBANID')))
    .filter((iban): iban is string => !!iban)
  data.iban = data.ibans_payee[0] ?? null
  data.bic =
    means.map((entry) => textAt(entry, 'PayeeSpecifiedCreditorFinancialInstitution', 'BICID')).find((bic) => !!bic) ??
    null
  data.iban_payer_debit =
    means.map((entry) => compactIban(textAt(entry, 'PayerPartyDebtorFinancialAccount', 'IBANID'))).find((i) => !!i) ??
    null

  const terms = children(settlement, 'SpecifiedTradePaymentTerms')
  data.payment_terms = terms.map((term) => textAt(term, 'Description')).filter(Boolean).join('\n') || null
  data.due_date = terms.map((term) => ciiDate(at(term, 'DueDateDateTime'))).find((date) => !!date) ?? null
  const discount = terms.find((term) => at(term, 'ApplicableTradePaymentDiscountTerms'))
  if (discount) {
    const discountTerms = at(discount, 'ApplicableTradePaymentDiscountTerms')
    // EN 16931 states the Skonto as a period in days from the invoice date; older profiles by the terms' own date.
    const days = Number(textAt(discountTerms, 'BasisPeriodMeasure'))
    data.skonto_due_date =
      Number.isInteger(days) && days > 0 && data.issue_date ? plusDays(data.issue_date, days) : ciiDate(at(discount, 'DueDateDateTime'))
    data.skonto_percent = parsePercentText(textAt(discountTerms, 'CalculationPercent') ?? '')
  }

  data.delivery_date = ciiDate(at(delivery, 'ActualDeliverySupplyChainEvent', 'OccurrenceDateTime'))
  const period = at(settlement, 'BillingSpecifiedPeriod')
  data.service_period_start = ciiDate(at(period, 'StartDateTime'))
  data.service_period_end = ciiDate(at(period, 'EndDateTime'))
  data.rules = { ...ruleDetails(agreement, delivery, transaction, settlement, summation, data.currency), syntax_counts: syntaxCounts('CII', doc) }
  return data
}
