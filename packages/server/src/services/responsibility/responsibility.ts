import { responsibilityDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { ResponsibilityService } from './responsibility.class'

/** Registers responsibility. */
export function configureResponsibilityService(app: Application): void {
  registerService(app, responsibilityDescriptor, new ResponsibilityService())
}
