import { svAccountsDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId, type PortalParams } from '../../hooks/guard'
import { NO_COMPANY } from '../../models/documents/read'
import { companyOfSvAccount, svScopeOf } from '../../models/sv-accounts'
import { registerService } from '../shared/register'
import { SvAccountsService } from './sv-accounts.class'

/**
 * Registers sv-accounts (adm): find is narrowed to the caller's companies, get concerns the account's company (an
 * account of no portal company, or a missing one, is refused unless the caller holds every company).
 */
export function configureSvAccountsService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, svAccountsDescriptor, new SvAccountsService(knex), {
    target: async (context) => {
      if (context.method !== 'get') return {}
      const scope = await svScopeOf(knex, (context.params as PortalParams).user?.klienten_array)
      return scope ? { companyNo: (await companyOfSvAccount(knex, integerId(context.id))) ?? NO_COMPANY } : {}
    },
  })
}
