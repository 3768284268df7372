import { Type, type Static } from '@feathersjs/typebox'
import { companyNoSchema, type Finds, type Patches } from './common'
import { companyRule, defineService } from './descriptor'
import { erpPeriodSchema } from './erp-exports'

/** Path of the erp-settings service: what a company's ERP export needs beyond its bookings (docs/erp-export.md). */
export const erpSettingsPath = 'erp-settings'

/** Methods the erp-settings service offers. */
export const erpSettingsMethods = ['find', 'patch'] as const

/** DATEV Beraternummer: 1001–9999999. */
const consultantSchema = Type.Integer({ minimum: 1001, maximum: 9999999 })
/** DATEV Mandantennummer: 1–99999. */
const clientSchema = Type.Integer({ minimum: 1, maximum: 99999 })
/** DATEV Sachkontenlänge: 4–8 digits. */
const accountLengthSchema = Type.Integer({ minimum: 4, maximum: 8 })
/** The month (1–12) the fiscal year starts in. */
const monthSchema = Type.Integer({ minimum: 1, maximum: 12 })

/**
 * A company's ERP export settings (the record id is the company number): DATEV consultant and client numbers (null
 * until entered; a DATEV batch is refused without them), account length, the fiscal year's first month, and the period
 * through which the ERP is closed (bookings of that period and earlier are refused as periodClosed; null: none).
 */
export const erpSettingsSchema = Type.Object(
  {
    company_no: Type.Integer(),
    datev_consultant_no: Type.Union([consultantSchema, Type.Null()]),
    datev_client_no: Type.Union([clientSchema, Type.Null()]),
    account_length: accountLengthSchema,
    fiscal_year_start_month: monthSchema,
    closed_through: Type.Union([erpPeriodSchema, Type.Null()]),
  },
  { $id: 'ErpSettings', additionalProperties: false },
)

/** ERP export settings of a company. */
export type ErpSettings = Static<typeof erpSettingsSchema>

/** erp-settings.find: the settings of one company (its defaults when none were entered). */
export const erpSettingsQuerySchema = Type.Object({ client: companyNoSchema }, { $id: 'ErpSettingsQuery', additionalProperties: false })

/** Query of erp-settings.find. */
export type ErpSettingsQuery = Static<typeof erpSettingsQuerySchema>

/** What an administrator may change (id = company number); null clears a number or the closed period. */
export const erpSettingsPatchSchema = Type.Object(
  {
    datev_consultant_no: Type.Optional(Type.Union([consultantSchema, Type.Null()])),
    datev_client_no: Type.Optional(Type.Union([clientSchema, Type.Null()])),
    account_length: Type.Optional(accountLengthSchema),
    fiscal_year_start_month: Type.Optional(monthSchema),
    closed_through: Type.Optional(Type.Union([erpPeriodSchema, Type.Null()])),
  },
  { $id: 'ErpSettingsPatch', additionalProperties: false, minProperties: 1 },
)

/** Patch data of erp-settings. */
export type ErpSettingsPatch = Static<typeof erpSettingsPatchSchema>

/** Typed client view: find answers a list with the one record of that company; patch changes it. */
export type ErpSettingsClientService = Finds<ErpSettingsQuery, ErpSettings[]> & Patches<ErpSettings, ErpSettingsPatch>

/**
 * The erp-settings service: read with acc, exp or adm, changed with adm (every change in the audit log), always with
 * the company; `patched` goes to the company.
 */
export const erpSettingsDescriptor = defineService<ErpSettingsClientService>()({
  path: erpSettingsPath,
  methods: erpSettingsMethods,
  schemas: { query: erpSettingsQuerySchema, patch: erpSettingsPatchSchema, result: erpSettingsSchema },
  abilities: { find: companyRule(['acc', 'exp', 'adm']), patch: companyRule(['adm']) },
  events: 'company',
})
