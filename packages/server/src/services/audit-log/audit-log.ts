import { auditLogDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { AuditLogService } from './audit-log.class'

/** Registers audit-log (kca reads). */
export function configureAuditLogService(app: Application): void {
  registerService(app, auditLogDescriptor, new AuditLogService(app.get('knex')))
}
