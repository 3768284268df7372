import { accPeriodsDescriptor, type AccPeriodsQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { assertAccountSystem } from '../shared/account-system'
import { registerService } from '../shared/register'
import { AccPeriodsService } from './acc-periods.class'

/** Registers acc-periods; needs the company of query.client. */
export function configureAccPeriodsService(app: Application): void {
  registerService(app, accPeriodsDescriptor, new AccPeriodsService(app.get('knex')), {
    target: (context) => {
      const query = context.params.query as AccPeriodsQuery
      assertAccountSystem(query.acc)
      return { companyNo: query.client }
    },
  })
}
