import { NotImplemented } from '@feathersjs/errors'
import type { ServiceTypes } from '../../declarations'

/** Placeholder until the service lands (the SDK descriptor is published first for the web screens). */
export class ResponsibilityStaffService implements Pick<ServiceTypes['responsibility-staff'], never> {
  async find(): Promise<never> {
    throw new NotImplemented('responsibility-staff.find is not available yet')
  }
}
