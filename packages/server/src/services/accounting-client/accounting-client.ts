import { accountingClientDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { AccountingClientService } from './accounting-client.class'

/** Registers accounting-client; the policy narrows it to the caller's companies. */
export function configureAccountingClientService(app: Application): void {
  registerService(app, accountingClientDescriptor, new AccountingClientService(app.get('knex')))
}
