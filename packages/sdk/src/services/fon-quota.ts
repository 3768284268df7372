import { Type, type Static } from '@feathersjs/typebox'
import type { QuotaDateStatus, QuotaItemState } from '../domain/index'
import type { Finds, Gets, Patches } from './common'
import { defineService, sessionRule } from './descriptor'
import type { FonImport } from './fon-imports'

/** Path of the quota overview: achieved vs target per appointment date with the forecast, and the imports' state. */
export const fonQuotaPath = 'fon-quota'

/** fon-quota.find: one year (default: the latest year the items have). */
export const fonQuotaQuerySchema = Type.Object(
  { year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })) },
  { $id: 'FonQuotaQuery', additionalProperties: false },
)

/** Query of fon-quota.find. */
export type FonQuotaQuery = Static<typeof fonQuotaQuerySchema>

/** Why the shown data may be stale (SPEC §8): no import yet, the last one failed, it is old, or one is running. */
export type FonStaleReason = 'never' | 'failed' | 'old' | 'inProgress'

/** An import older than this many days makes the data stale. */
export const FON_STALE_DAYS = 7

/** The quota overview of a year. */
export interface FonQuotaOverview {
  year: number | null
  /** Every year the items have, newest first. */
  years: number[]
  today: string
  dates: QuotaDateStatus[]
  /** Items per state in the year. */
  counts: Record<QuotaItemState, number>
  /** The latest import of each kind. */
  imports: { records: FonImport | null; quota: FonImport | null }
  /** Why the data may be stale, or null when both imports are recent and succeeded. */
  stale: FonStaleReason | null
  /** Two-factor authentication is not set up for the FON user: the cash-register states cannot be imported. */
  twoFactorMissing: boolean
}

/** Typed client view of fon-quota. */
export type FonQuotaClientService = Finds<FonQuotaQuery, FonQuotaOverview>

/** The fon-quota service: adm. */
export const fonQuotaDescriptor = defineService<FonQuotaClientService>()({
  path: fonQuotaPath,
  methods: ['find'] as const,
  schemas: { query: fonQuotaQuerySchema },
  abilities: { find: sessionRule(['adm']) },
  events: 'none',
})

/** Path of the firm's FON user (SPEC §5 FON user form). The PIN is write-only: it never leaves the server. */
export const fonSettingsPath = 'fon-settings'

/** The FON user as the form shows it; the id of its one record is 'fon'. */
export interface FonSettings {
  participantId: string
  userId: string
  /** A PIN is stored (its value is never answered). */
  pinSet: boolean
  /** Two-factor authentication is set up in FinanzOnline for this user (needed for the cash-register import). */
  twoFactor: boolean
  updatedAt: string | null
}

/** fon-settings.patch: participantId must be a number, userId not empty; an empty or missing PIN keeps the stored one. */
export const fonSettingsPatchSchema = Type.Object(
  {
    participantId: Type.Optional(Type.String({ maxLength: 20 })),
    userId: Type.Optional(Type.String({ maxLength: 60 })),
    pin: Type.Optional(Type.String({ maxLength: 60 })),
    twoFactor: Type.Optional(Type.Boolean()),
  },
  { $id: 'FonSettingsPatch', additionalProperties: false, minProperties: 1 },
)

/** Data of fon-settings.patch. */
export type FonSettingsPatch = Static<typeof fonSettingsPatchSchema>

/** Typed client view of fon-settings. */
export type FonSettingsClientService = Gets<FonSettings> & Patches<FonSettings, FonSettingsPatch>

/** The fon-settings service: adm. */
export const fonSettingsDescriptor = defineService<FonSettingsClientService>()({
  path: fonSettingsPath,
  methods: ['get', 'patch'] as const,
  schemas: { patch: fonSettingsPatchSchema },
  abilities: { get: sessionRule(['adm']), patch: sessionRule(['adm']) },
  events: 'none',
})
