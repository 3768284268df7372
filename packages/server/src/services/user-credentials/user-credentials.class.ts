import { NotImplemented } from '@feathersjs/errors'
import type { ServiceTypes } from '../../declarations'

/** Placeholder until the service lands (the SDK descriptor is published first for the web screens). */
export class UserCredentialsService implements Pick<ServiceTypes['user-credentials'], never> {
  async create(): Promise<never> {
    throw new NotImplemented('user-credentials.create is not available yet')
  }
}
