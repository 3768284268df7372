import { paymentsDescriptor, type PaymentData, type PaymentRecord, type PaymentsQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId, type PortalParams } from '../../hooks/guard'
import { recordPayment } from '../../commands/recordPayment'
import { undoPayment } from '../../commands/undoPayment'
import { bookingSideOf } from '../../models/open-items'
import { companyOfPayment, paymentsOfBooking } from '../../models/payments'
import { registerService } from '../shared/register'

/** Payments of booked invoices: list a booking's, mark paid (create), undo (remove). */
export class PaymentsService {
  constructor(private readonly app: Application) {}

  async find(params: PortalParams = {}): Promise<PaymentRecord[]> {
    const { booking_id: bookingId, client } = params.query as PaymentsQuery
    const payments = await paymentsOfBooking(this.app.get('knex'), bookingId)
    return payments.filter((payment) => payment.company_no === client)
  }

  async create(data: PaymentData, params: PortalParams = {}): Promise<PaymentRecord> {
    return recordPayment({ app: this.app, user: params.user, data })
  }

  async remove(id: number | string, params: PortalParams = {}): Promise<PaymentRecord> {
    return undoPayment({ app: this.app, user: params.user, paymentId: integerId(id) })
  }
}

/** Registers payments: find the query's company, create the booking's, remove the payment's. */
export function configurePaymentsService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, paymentsDescriptor, new PaymentsService(app), {
    target: async (context) => {
      if (context.method === 'find') return { companyNo: (context.params.query as PaymentsQuery).client }
      if (context.method === 'create') return { companyNo: (await bookingSideOf(knex, (context.data as PaymentData).booking_id))?.companyNo }
      return { companyNo: await companyOfPayment(knex, integerId(context.id)) }
    },
  })
}
