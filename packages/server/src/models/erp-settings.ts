import type { Knex } from 'knex'
import type { ErpCompanySettings } from '../erp/index'

/** The settings of a company without a row: no DATEV numbers, account length 5, calendar fiscal year, nothing closed. */
export const DEFAULT_ERP_SETTINGS: ErpCompanySettings = {
  datevConsultantNo: null,
  datevClientNo: null,
  accountLength: 5,
  fiscalYearStartMonth: 1,
  closedThrough: null,
}

/** The company's ERP export settings (the defaults when it has none). */
export async function erpSettingsOf(db: Knex | Knex.Transaction, companyNo: number): Promise<ErpCompanySettings> {
  const row = (await db('erp_export_settings').where({ company_no: companyNo }).first()) as Record<string, unknown> | undefined
  if (!row) return DEFAULT_ERP_SETTINGS
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value))
  return {
    datevConsultantNo: number(row.datev_consultant_no),
    datevClientNo: number(row.datev_client_no),
    accountLength: Number(row.account_length),
    fiscalYearStartMonth: Number(row.fiscal_year_start_month),
    closedThrough: (row.closed_through as string | null) ?? null,
  }
}

/** Sets the company's ERP export settings (what is left out keeps its value or default). */
export async function saveErpSettings(
  db: Knex | Knex.Transaction,
  companyNo: number,
  settings: Partial<ErpCompanySettings>,
): Promise<ErpCompanySettings> {
  const merged = { ...(await erpSettingsOf(db, companyNo)), ...settings }
  const row = {
    company_no: companyNo,
    datev_consultant_no: merged.datevConsultantNo,
    datev_client_no: merged.datevClientNo,
    account_length: merged.accountLength,
    fiscal_year_start_month: merged.fiscalYearStartMonth,
    closed_through: merged.closedThrough,
    updated_at: db.fn.now(),
  }
  await db('erp_export_settings').insert(row).onConflict('company_no').merge()
  return merged
}

/** Whether the company exists (settings of an unknown company are refused like a foreign one's). */
export async function companyExists(db: Knex | Knex.Transaction, companyNo: number): Promise<boolean> {
  return (await db('companies').where({ company_no: companyNo }).first('company_no')) !== undefined
}
