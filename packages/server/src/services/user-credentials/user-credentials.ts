import { userCredentialsDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { UserCredentialsService } from './user-credentials.class'

/** Registers user-credentials (kca). */
export function configureUserCredentialsService(app: Application): void {
  registerService(app, userCredentialsDescriptor, new UserCredentialsService(app))
}
