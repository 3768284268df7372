import { NotImplemented } from '@feathersjs/errors'
import type { ServiceTypes } from '../../declarations'

/** Placeholder until the service lands (the SDK descriptor is published first for the web screens). */
export class ResponsibilityService implements Pick<ServiceTypes['responsibility'], never> {
  async find(): Promise<never> {
    throw new NotImplemented('responsibility.find is not available yet')
  }
  async create(): Promise<never> {
    throw new NotImplemented('responsibility.create is not available yet')
  }
}
