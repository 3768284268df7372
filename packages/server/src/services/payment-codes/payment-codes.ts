import { amountToPay, buildEpcPayload, discountOn, toCents, validateEpcPayload, viennaToday, DocumentKind } from '@portal/sdk/domain'
import { errorData } from '@portal/sdk/errors'
import { BadRequest } from '@feathersjs/errors'
import { paymentCodesDescriptor, type PaymentCode } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId, type PortalParams } from '../../hooks/guard'
import { bookingSideOf, openItemOf } from '../../models/open-items'
import { partnerBankOf } from '../../models/partner-bank'
import { forbidden } from '../../policies/index'
import { paymentCodePdf, qrSvg } from '../../reports/paymentCodePdf'
import { registerService } from '../shared/register'

/** The EPC QR code for paying an open incoming invoice: the supplier's IBAN, the amount less the discount while it applies. */
export class PaymentCodesService {
  constructor(private readonly app: Application) {}

  async get(id: number | string, params: PortalParams = {}): Promise<PaymentCode> {
    const knex = this.app.get('knex')
    const today = viennaToday()
    const item = await openItemOf(knex, integerId(id), today)
    if (!item) throw forbidden()
    if (item.side !== DocumentKind.ER) throw new BadRequest('Payment codes are for incoming invoices', errorData('unpaid:qr.incomingOnly', { field: 'side', rule: 'incomingOnly' }))
    const bank = await partnerBankOf(knex, item.company_no, item.account)
    if (!bank?.iban) throw new BadRequest(`Supplier ${item.account} has no IBAN`, errorData('unpaid:qr.noIban', { field: 'iban', rule: 'required' }))
    const openCents = toCents(item.open) ?? 0
    const discount = discountOn(
      { grossCents: toCents(item.gross) ?? 0, percent: item.discount_percent === null ? null : Number(item.discount_percent), discountDueDate: item.discount_due_date, paidCents: toCents(item.paid) ?? 0 },
      today,
    )
    const amount = amountToPay(openCents, discount)
    const reference = item.document_number ?? `${item.document_id}`
    const payload = buildEpcPayload({ name: bank.name, iban: bank.iban, bic: bank.bic ?? '', amount, reference })
    const locale = params.user?.locale === 'en' ? 'en' : 'de'
    const pdf = await paymentCodePdf({ payload, name: bank.name, iban: bank.iban, amount, reference, document: reference }, locale)
    return {
      booking_id: item.id,
      company_no: item.company_no,
      name: bank.name,
      iban: bank.iban,
      bic: bank.bic ?? '',
      amount,
      discount: discount.applies ? (discount.amountCents / 100).toFixed(2) : '0.00',
      discount_due_date: discount.applies ? item.discount_due_date : null,
      reference,
      payload,
      svg: await qrSvg(payload),
      pdf_base64: Buffer.from(pdf).toString('base64'),
      issues: validateEpcPayload(payload),
    }
  }
}

/** Registers payment-codes: get concerns the booking's company. */
export function configurePaymentCodesService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, paymentCodesDescriptor, new PaymentCodesService(app), {
    target: async (context) => ({ companyNo: (await bookingSideOf(knex, integerId(context.id)))?.companyNo }),
  })
}
