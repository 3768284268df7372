import { NotImplemented } from '@feathersjs/errors'
import type { ServiceTypes } from '../../declarations'

/** Placeholder until the service lands (the SDK descriptor is published first for the web screens). */
export class AuditLogService implements Pick<ServiceTypes['audit-log'], never> {
  async find(): Promise<never> {
    throw new NotImplemented('audit-log.find is not available yet')
  }
}
