import { paymentProposalsDescriptor, type PaymentProposal, type PaymentProposalsQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { proposePayments } from '../../commands/payment-runs/proposePayments'
import { registerService } from '../shared/register'

/** The portal's proposal for a payment run (changes nothing). */
export class PaymentProposalsService {
  constructor(private readonly app: Application) {}

  async find(params: PortalParams = {}): Promise<PaymentProposal> {
    const query = params.query as PaymentProposalsQuery
    return proposePayments({ app: this.app, companyNo: query.client, executionDate: query.execution_date, days: query.days })
  }
}

/** Registers payment-proposals: the query's company. */
export function configurePaymentProposalsService(app: Application): void {
  registerService(app, paymentProposalsDescriptor, new PaymentProposalsService(app), {
    target: (context) => ({ companyNo: (context.params.query as PaymentProposalsQuery).client }),
  })
}
