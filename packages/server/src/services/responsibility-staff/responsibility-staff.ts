import { responsibilityStaffDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { ResponsibilityStaffService } from './responsibility-staff.class'

/** Registers responsibility-staff (adm). */
export function configureResponsibilityStaffService(app: Application): void {
  registerService(app, responsibilityStaffDescriptor, new ResponsibilityStaffService(app.get('knex')))
}
