import {
  accSuppliersDescriptor,
  accSuppliersPath,
  type AccSuppliersQuery,
  type SupplierAccount,
  type SupplierAccountData,
} from '@portal/sdk/services'
import type { HookContext } from '@feathersjs/feathers'
import type { Application } from '../../declarations'
import { integerId } from '../../hooks/guard'
import { forbidden } from '../../policies/index'
import { assertAccountSystem } from '../shared/account-system'
import { registerService } from '../shared/register'
import { AccSuppliersService } from './acc-suppliers.class'

/**
 * Registers acc-suppliers: read with the company; create and patch with acc and the company. A record the
 * caller cannot see and a record that does not exist get the same Forbidden.
 */
export function configureAccSuppliersService(app: Application): void {
  const service = new AccSuppliersService(app.get('knex'))
  registerService(app, accSuppliersDescriptor, service, {
    target: async (context: HookContext) => {
      if (context.method === 'find') {
        const query = context.params.query as AccSuppliersQuery
        assertAccountSystem(query.acc)
        return { companyNo: query.client }
      }
      if (context.method === 'create') return { companyNo: (context.data as SupplierAccountData).client }
      const companyNo = await service.companyOf(integerId(context.id))
      if (companyNo === undefined) throw forbidden()
      return { companyNo }
    },
  })
  // Writes on any instance (events arrive from the others with REDIS_URL) make cached finds stale.
  for (const event of ['created', 'patched', 'updated', 'removed']) {
    app.service(accSuppliersPath).on(event, (record?: Partial<SupplierAccount>) => {
      if (typeof record?.company_no === 'number') service.cache.invalidate(record.company_no)
    })
  }
}
