import { Type, type Static } from '@feathersjs/typebox'
import { MAX_REMINDER_DAYS } from '../domain/requests'
import { companyNoSchema, type Finds, type Patches } from './common'
import { companyRule, defineService } from './descriptor'

/** Path of the per-company settings service (SPEC §7: find with query client). */
export const companySettingsPath = 'company-settings'

/** Methods the company-settings service offers; patch needs permission adm. */
export const companySettingsMethods = ['find', 'patch'] as const

/** Settings of one client company (SPEC §3). The record id is the company number. */
export const companySettingsSchema = Type.Object(
  {
    company_no: Type.Integer(),
    show_cash_book: Type.Boolean(),
    small_business: Type.Boolean(),
    use_gross_amounts: Type.Boolean(),
    /** Einnahmen-Ausgaben-Rechner: the KER follows payments (Zufluss-Abfluss); off, a Bilanzierer's accrual. */
    cash_basis: Type.Boolean(),
    /** How often a request for documents still open at its due date is reminded by e-mail, in days (0: never). */
    request_reminder_days: Type.Integer({ minimum: 0, maximum: MAX_REMINDER_DAYS }),
  },
  { $id: 'CompanySettings', additionalProperties: false },
)

/** Company settings. */
export type CompanySettings = Static<typeof companySettingsSchema>

/** What an administrator may change; the id of patch is the company number. */
export const companySettingsPatchSchema = Type.Object(
  {
    show_cash_book: Type.Optional(Type.Boolean()),
    small_business: Type.Optional(Type.Boolean()),
    use_gross_amounts: Type.Optional(Type.Boolean()),
    cash_basis: Type.Optional(Type.Boolean()),
    request_reminder_days: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_REMINDER_DAYS })),
  },
  { $id: 'CompanySettingsPatch', additionalProperties: false, minProperties: 1 },
)

/** Patch data of company-settings. */
export type CompanySettingsPatch = Static<typeof companySettingsPatchSchema>

/** company-settings.find: the settings of one company. */
export const companySettingsQuerySchema = Type.Object(
  { client: companyNoSchema },
  { $id: 'CompanySettingsQuery', additionalProperties: false },
)

/** Query of company-settings.find. */
export type CompanySettingsQuery = Static<typeof companySettingsQuerySchema>

/** Typed client view: find answers a list with the one settings record of that company. */
export type CompanySettingsClientService = Finds<CompanySettingsQuery, CompanySettings[]> & Patches<CompanySettings, CompanySettingsPatch>

/** The company-settings service: read with the company, patched with adm and the company; events go to the company. */
export const companySettingsDescriptor = defineService<CompanySettingsClientService>()({
  path: companySettingsPath,
  methods: companySettingsMethods,
  schemas: { query: companySettingsQuerySchema, patch: companySettingsPatchSchema, result: companySettingsSchema },
  abilities: { find: companyRule(), patch: companyRule(['adm']) },
  events: 'company',
})
