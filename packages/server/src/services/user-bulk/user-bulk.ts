import { userBulkDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { UserBulkService } from './user-bulk.class'

/** Registers user-bulk (kca). */
export function configureUserBulkService(app: Application): void {
  registerService(app, userBulkDescriptor, new UserBulkService(app))
}
