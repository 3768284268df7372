import { erpSettingsDescriptor, type ErpSettings, type ErpSettingsPatch, type ErpSettingsQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId, type PortalParams } from '../../hooks/guard'
import { changeErpSettings, toErpSettings } from '../../commands/changeErpSettings'
import { companyExists, erpSettingsOf } from '../../models/erp-settings'
import { forbidden } from '../../policies/index'
import { registerService } from '../shared/register'

/** A company's ERP export settings: read (the defaults until entered) and changed by adm. */
export class ErpSettingsService {
  constructor(private readonly app: Application) {}

  async find(params: PortalParams = {}): Promise<ErpSettings[]> {
    const { client } = params.query as ErpSettingsQuery
    const knex = this.app.get('knex')
    if (!(await companyExists(knex, client))) throw forbidden()
    return [toErpSettings(client, await erpSettingsOf(knex, client))]
  }

  async patch(id: unknown, data: ErpSettingsPatch, params: PortalParams = {}): Promise<ErpSettings> {
    return changeErpSettings({ app: this.app, user: params.user, companyNo: integerId(id), patch: data })
  }
}

/** Registers erp-settings: find concerns the query's company, patch the company whose number is the id. */
export function configureErpSettingsService(app: Application): void {
  registerService(app, erpSettingsDescriptor, new ErpSettingsService(app), {
    target: (context) =>
      context.method === 'find' ? { companyNo: (context.params.query as ErpSettingsQuery).client } : { companyNo: integerId(context.id) },
  })
}
