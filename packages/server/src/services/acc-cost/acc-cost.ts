import { accCostMethods, accCostPath, accCostQuerySchema, type AccCostQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { AccCostService } from './acc-cost.class'

/** Registers acc-cost; needs the company of query.client. */
export function configureAccCostService(app: Application): void {
  registerService(app, accCostPath, new AccCostService(app.get('knex')), accCostMethods, {
    query: accCostQuerySchema,
    target: (context) => ({ companyNo: (context.params.query as AccCostQuery).client }),
  })
}
