import { svAccountsDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { SvAccountsService } from './sv-accounts.class'

/** Registers sv-accounts (adm). */
export function configureSvAccountsService(app: Application): void {
  registerService(app, svAccountsDescriptor, new SvAccountsService(app.get('knex')))
}
