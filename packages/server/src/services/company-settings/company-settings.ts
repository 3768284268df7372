import { companySettingsDescriptor, type CompanySettingsQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId } from '../../hooks/guard'
import { registerService } from '../shared/register'
import { CompanySettingsService } from './company-settings.class'

/** Registers company-settings: read with the company, patch with adm and the company (id = company number). */
export function configureCompanySettingsService(app: Application): void {
  registerService(app, companySettingsDescriptor, new CompanySettingsService(app.get('knex')), {
    target: (context) =>
      context.method === 'find'
        ? { companyNo: (context.params.query as CompanySettingsQuery).client }
        : { companyNo: integerId(context.id) },
  })
}
