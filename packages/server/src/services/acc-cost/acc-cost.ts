import { accCostDescriptor, type AccCostQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { AccCostService } from './acc-cost.class'

/** Registers acc-cost; needs the company of query.client. */
export function configureAccCostService(app: Application): void {
  registerService(app, accCostDescriptor, new AccCostService(app.get('knex')), {
    target: (context) => ({ companyNo: (context.params.query as AccCostQuery).client }),
  })
}
