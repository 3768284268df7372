import type { ErpSettings, ErpSettingsPatch, SessionUser } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { appendAudit } from '../models/audit-log'
import { companyExists, erpSettingsOf, saveErpSettings } from '../models/erp-settings'
import { actorOf } from '../models/users'
import { forbidden } from '../policies/index'
import type { ErpCompanySettings } from '../erp/index'

/** The settings as the wire record. */
export function toErpSettings(companyNo: number, settings: ErpCompanySettings): ErpSettings {
  return {
    company_no: companyNo,
    datev_consultant_no: settings.datevConsultantNo,
    datev_client_no: settings.datevClientNo,
    account_length: settings.accountLength,
    fiscal_year_start_month: settings.fiscalYearStartMonth,
    closed_through: settings.closedThrough,
  }
}

/** The patch in the model's words (only what it names). */
function changesOf(patch: ErpSettingsPatch): Partial<ErpCompanySettings> {
  const changes: Partial<ErpCompanySettings> = {}
  if (patch.datev_consultant_no !== undefined) changes.datevConsultantNo = patch.datev_consultant_no
  if (patch.datev_client_no !== undefined) changes.datevClientNo = patch.datev_client_no
  if (patch.account_length !== undefined) changes.accountLength = patch.account_length
  if (patch.fiscal_year_start_month !== undefined) changes.fiscalYearStartMonth = patch.fiscal_year_start_month
  if (patch.closed_through !== undefined) changes.closedThrough = patch.closed_through
  return changes
}

/**
 * An administrator changes a company's ERP export settings; the change and its audit entry (only the changed fields,
 * before and after) are written in one transaction. An unknown company is refused like a foreign one.
 */
export async function changeErpSettings(props: { app: Application; user?: SessionUser; companyNo: number; patch: ErpSettingsPatch }): Promise<ErpSettings> {
  const knex = props.app.get('knex')
  const actor = await actorOf(knex, props.user)
  return knex.transaction(async (trx) => {
    if (!(await companyExists(trx, props.companyNo))) throw forbidden()
    const before = toErpSettings(props.companyNo, await erpSettingsOf(trx, props.companyNo))
    const after = toErpSettings(props.companyNo, await saveErpSettings(trx, props.companyNo, changesOf(props.patch)))
    const fields = Object.keys(props.patch) as (keyof ErpSettingsPatch)[]
    const changed = fields.filter((field) => before[field] !== after[field])
    if (changed.length > 0) {
      await appendAudit(trx, [
        {
          actor,
          action: 'erpSettings.change',
          entity: 'erp-settings',
          targetId: String(props.companyNo),
          companyNo: props.companyNo,
          before: Object.fromEntries(changed.map((field) => [field, before[field]])),
          after: Object.fromEntries(changed.map((field) => [field, after[field]])),
        },
      ])
    }
    return after
  })
}
