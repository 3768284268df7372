import type { Knex } from 'knex'
import type { CompanySettings, CompanySettingsPatch, CompanySettingsQuery } from '@portal/sdk/services'
import { forbidden } from '../../policies/index'
import type { PortalParams } from '../../hooks/guard'

const COLUMNS = ['company_no', 'show_cash_book', 'small_business', 'use_gross_amounts'] as const

/** Per-company settings; a company without a row has the defaults (all off). */
export class CompanySettingsService {
  constructor(private readonly knex: Knex) {}

  /** Answers a list with the one settings record of query.client. */
  async find(params: PortalParams = {}): Promise<CompanySettings[]> {
    const { client } = params.query as CompanySettingsQuery
    const company = await this.knex('companies').where({ company_no: client }).first('company_no')
    // Unknown companies get the policy's answer, so existence is never revealed.
    if (!company) throw forbidden()
    const row = (await this.knex('company_settings').where({ company_no: client }).first(COLUMNS)) as
      | CompanySettings
      | undefined
    return [row ?? { company_no: client, show_cash_book: false, small_business: false, use_gross_amounts: false }]
  }

  /** Changes the settings of the company whose number is the id. */
  async patch(id: number | string, data: CompanySettingsPatch): Promise<CompanySettings> {
    const companyNo = Number(id)
    const company = await this.knex('companies').where({ company_no: companyNo }).first('company_no')
    if (!company) throw forbidden()
    const [row] = (await this.knex('company_settings')
      .insert({ company_no: companyNo, ...data })
      .onConflict('company_no')
      .merge(Object.keys(data))
      .returning(COLUMNS)) as CompanySettings[]
    return row
  }
}
