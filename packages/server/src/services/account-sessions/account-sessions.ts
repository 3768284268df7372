import { accountSessionsDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { AccountSessionsService } from './account-sessions.class'

/** Registers account-sessions (own data, every signed-in user). */
export function configureAccountSessionsService(app: Application): void {
  registerService(app, accountSessionsDescriptor, new AccountSessionsService(app))
}
