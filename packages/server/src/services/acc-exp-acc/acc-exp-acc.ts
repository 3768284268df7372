import { accExpAccDescriptor, type AccExpAccQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { assertAccountSystem } from '../shared/account-system'
import { registerService } from '../shared/register'
import { AccExpAccService } from './acc-exp-acc.class'

/** Registers acc-exp-acc; needs the company of query.client. */
export function configureAccExpAccService(app: Application): void {
  registerService(app, accExpAccDescriptor, new AccExpAccService(app.get('knex')), {
    target: (context) => {
      const query = context.params.query as AccExpAccQuery
      assertAccountSystem(query.acc)
      return { companyNo: query.client }
    },
  })
}
