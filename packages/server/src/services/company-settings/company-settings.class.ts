import type { Knex } from 'knex'
import { DEFAULT_REMINDER_DAYS } from '@portal/sdk/domain'
import type { CompanySettings, CompanySettingsPatch, CompanySettingsQuery } from '@portal/sdk/services'
import { forbidden } from '../../policies/index'
import type { PortalParams } from '../../hooks/guard'
import { appendAudit, changedValues } from '../../models/audit-log'
import { actorOf } from '../../models/users'

const COLUMNS = ['company_no', 'show_cash_book', 'small_business', 'use_gross_amounts', 'cash_basis', 'request_reminder_days'] as const

/** Per-company settings; a company without a row has the defaults (all off). */
export class CompanySettingsService {
  constructor(private readonly knex: Knex) {}

  /** Answers a list with the one settings record of query.client. */
  async find(params: PortalParams = {}): Promise<CompanySettings[]> {
    const { client } = params.query as CompanySettingsQuery
    const company = await this.knex('companies').where({ company_no: client }).first('company_no')
    // Unknown companies get the policy's answer, so existence is never revealed.
    if (!company) throw forbidden()
    return [await settingsOf(this.knex, client)]
  }

  /**
   * Changes the settings of the company whose number is the id; the change and its audit entry (the changed settings
   * before and after) are written in one transaction, under the company's row lock so two saves see each other.
   */
  async patch(id: number | string, data: CompanySettingsPatch, params: PortalParams = {}): Promise<CompanySettings> {
    const companyNo = Number(id)
    const actor = await actorOf(this.knex, params.user)
    return this.knex.transaction(async (trx) => {
      const company = (await trx('companies').where({ company_no: companyNo }).forUpdate().first('company_name')) as { company_name: string } | undefined
      if (!company) throw forbidden()
      const before = await settingsOf(trx, companyNo)
      const [after] = (await trx('company_settings')
        .insert({ company_no: companyNo, ...data })
        .onConflict('company_no')
        .merge(Object.keys(data))
        .returning(COLUMNS)) as CompanySettings[]
      const changes = changedValues(before, after!)
      if (changes) {
        await appendAudit(trx, [{ actor, action: 'companySettings.change', entity: 'companySettings', targetId: String(companyNo), targetLabel: company.company_name, companyNo, ...changes }])
      }
      return after!
    })
  }
}

/** The settings of one company; a company without a row has the defaults (all off). */
async function settingsOf(db: Knex, companyNo: number): Promise<CompanySettings> {
  const row = (await db('company_settings').where({ company_no: companyNo }).first(COLUMNS)) as CompanySettings | undefined
  return row ?? { company_no: companyNo, show_cash_book: false, small_business: false, use_gross_amounts: false, cash_basis: false, request_reminder_days: DEFAULT_REMINDER_DAYS }
}
