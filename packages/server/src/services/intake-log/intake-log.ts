import { intakeLogDescriptor, type IntakeLogQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { IntakeLogService } from './intake-log.class'

/** Registers intake-log: adm with the company. */
export function configureIntakeLogService(app: Application): void {
  registerService(app, intakeLogDescriptor, new IntakeLogService(app.get('knex')), {
    target: (context) => ({ companyNo: (context.params.query as IntakeLogQuery).client }),
  })
}
