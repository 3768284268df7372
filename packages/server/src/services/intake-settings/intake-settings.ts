import { intakeSettingsDescriptor, type IntakeSettingsQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId } from '../../hooks/guard'
import { registerService } from '../shared/register'
import { IntakeSettingsService } from './intake-settings.class'

/** Registers intake-settings: adm with the company (find by query.client, patch by id = company number). */
export function configureIntakeSettingsService(app: Application): void {
  registerService(app, intakeSettingsDescriptor, new IntakeSettingsService(app), {
    target: (context) =>
      context.method === 'find' ? { companyNo: (context.params.query as IntakeSettingsQuery).client } : { companyNo: integerId(context.id) },
  })
}
