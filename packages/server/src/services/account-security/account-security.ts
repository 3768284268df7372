import { accountSecurityDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { AccountSecurityService } from './account-security.class'

/** Registers account-security (own data, every signed-in user). */
export function configureAccountSecurityService(app: Application): void {
  registerService(app, accountSecurityDescriptor, new AccountSecurityService(app))
}
