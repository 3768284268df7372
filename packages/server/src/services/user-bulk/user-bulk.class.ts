import { NotImplemented } from '@feathersjs/errors'
import type { ServiceTypes } from '../../declarations'

/** Placeholder until the service lands (the SDK descriptor is published first for the web screens). */
export class UserBulkService implements Pick<ServiceTypes['user-bulk'], never> {
  async create(): Promise<never> {
    throw new NotImplemented('user-bulk.create is not available yet')
  }
}
