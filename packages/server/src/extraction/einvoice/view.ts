import { EINVOICE_VIEW_LINES, type EInvoiceView } from '@portal/sdk/domain'
import type { EInvoiceData } from './types'

/** The readable page of an e-invoice (seller, buyer, lines, tax, totals, payment) from what the reader found. */
export function einvoiceView(data: EInvoiceData, profile: string | null): EInvoiceView {
  return {
    syntax: data.syntax,
    profile,
    document_type_code: data.document_type_code,
    invoice_number: data.invoice_number,
    issue_date: data.issue_date,
    due_date: data.due_date,
    delivery_date: data.delivery_date,
    service_period_start: data.service_period_start,
    service_period_end: data.service_period_end,
    currency: data.currency,
    seller: { name: data.seller_name, address: data.seller_address, vat_id: data.seller_vat_id },
    buyer: { name: data.buyer_name, address: data.buyer_address, vat_id: data.buyer_vat_id },
    lines: data.lines.slice(0, EINVOICE_VIEW_LINES),
    more_lines: Math.max(0, data.lines.length - EINVOICE_VIEW_LINES),
    tax: data.tax_breakdown.map(({ rate, basis, tax, category }) => ({ rate, basis, tax, category: category ?? null })),
    totals: { net: data.total_net, tax: data.total_tax, gross: data.total_gross, prepaid: data.prepaid, due: data.amount_due },
    payment: {
      means_codes: data.payment_means_codes,
      iban: data.iban,
      bic: data.bic,
      reference: data.payment_reference,
      terms: data.payment_terms,
      skonto_percent: data.skonto_percent,
      skonto_due_date: data.skonto_due_date,
    },
  }
}
