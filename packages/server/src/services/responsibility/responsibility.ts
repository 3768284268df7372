import { responsibilityDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { ResponsibilityService } from './responsibility.class'

/** Registers responsibility (adm). */
export function configureResponsibilityService(app: Application): void {
  registerService(app, responsibilityDescriptor, new ResponsibilityService(app))
}
