import { paymentRunsDescriptor, type PaymentRunData, type PaymentRunPatch, type PaymentRunRecord, type PaymentRunsQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId, type PortalParams } from '../../hooks/guard'
import { changePaymentRun } from '../../commands/payment-runs/changePaymentRun'
import { createPaymentRun } from '../../commands/payment-runs/createPaymentRun'
import { companyOfRun, paymentRun, paymentRunsOf } from '../../models/payment-runs'
import { NO_COMPANY } from '../../models/documents/index'
import { forbidden } from '../../policies/index'
import { commandsPublish } from '../shared/own-events'
import { registerService } from '../shared/register'

/** Payment runs: list, one with its items, create from open items, release / mark sent / cancel. */
export class PaymentRunsService {
  constructor(private readonly app: Application) {}

  async find(params: PortalParams = {}): Promise<PaymentRunRecord[]> {
    const query = params.query as PaymentRunsQuery
    return paymentRunsOf(this.app.get('knex'), query.client, query.status)
  }

  async get(id: number | string): Promise<PaymentRunRecord> {
    const run = await paymentRun(this.app.get('knex'), integerId(id))
    if (!run) throw forbidden()
    return run
  }

  async create(data: PaymentRunData, params: PortalParams = {}): Promise<PaymentRunRecord> {
    return createPaymentRun({ app: this.app, user: params.user, data })
  }

  async patch(id: number | string | null, data: PaymentRunPatch, params: PortalParams = {}): Promise<PaymentRunRecord> {
    return changePaymentRun({ app: this.app, user: params.user, id: integerId(id), data })
  }
}

/** Registers payment-runs: find the query's company, create the data's, get and patch the run's. */
export function configurePaymentRunsService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, paymentRunsDescriptor, new PaymentRunsService(app), {
    target: async (context) => {
      if (context.method === 'find') return { companyNo: (context.params.query as PaymentRunsQuery).client }
      if (context.method === 'create') return { companyNo: (context.data as PaymentRunData).company_no }
      return { companyNo: (await companyOfRun(knex, integerId(context.id))) ?? NO_COMPANY }
    },
  })
  // The commands publish the run as the lists show it (without its items); Feathers' own event would repeat it whole.
  commandsPublish(app, paymentRunsDescriptor.path, ['create', 'patch'])
}
