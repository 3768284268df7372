import { Type, type Static } from '@feathersjs/typebox'
import { companyNoSchema, type Creates, type Finds, type Removes } from './common'
import { monthSchema, type MonthCheck } from './company-overview'
import { companyRule, defineService } from './descriptor'

/** Path of the month check (issue 34): per company and month, the light, its reasons and the client's release. */
export const monthChecksPath = 'month-checks'

/** Methods of month-checks: the checks, a release ("everything is in") and its withdrawal. */
export const monthChecksMethods = ['find', 'create', 'remove'] as const

/** month-checks.find: the checks of one company for `months` months (default 6) up to `until` (default: last month), newest first. */
export const monthChecksQuerySchema = Type.Object(
  {
    client: companyNoSchema,
    until: Type.Optional(monthSchema),
    months: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 })),
  },
  { $id: 'MonthChecksQuery', additionalProperties: false },
)

/** Query of month-checks.find. */
export type MonthChecksQuery = Static<typeof monthChecksQuerySchema>

/** month-checks.create: the client releases one month of a company. */
export const monthReleaseDataSchema = Type.Object({ company_no: companyNoSchema, month: monthSchema }, { $id: 'MonthReleaseData', additionalProperties: false })

/** Data of month-checks.create. */
export type MonthReleaseData = Static<typeof monthReleaseDataSchema>

/** The id of a company's month check (`1002-2026-10`), as month-checks.remove takes it. */
export function monthCheckId(companyNo: number, month: string): string {
  return `${companyNo}-${month}`
}

/** The company and month of a month check id, or undefined when the text is no such id. */
export function parseMonthCheckId(id: unknown): { companyNo: number; month: string } | undefined {
  const found = typeof id === 'string' ? /^([1-9][0-9]{0,9})-([0-9]{4}-(0[1-9]|1[0-2]))$/.exec(id) : null
  if (!found || Number(found[1]) > 2147483647) return undefined
  return { companyNo: Number(found[1]), month: found[2] }
}

/** Typed client view of month-checks. */
export type MonthChecksClientService = Finds<MonthChecksQuery, MonthCheck[]> & Creates<MonthCheck, MonthReleaseData> & Removes<MonthCheck>

/**
 * The month check: everyone holding the company reads it and may release a month (the client says "everything is
 * in"); `remove(id)` withdraws the release, refused once the firm exported the month. Releases and withdrawals are
 * audited; their events (`created`, `removed`: the month check) go to the company's people.
 */
export const monthChecksDescriptor = defineService<MonthChecksClientService>()({
  path: monthChecksPath,
  methods: monthChecksMethods,
  schemas: { query: monthChecksQuerySchema, data: monthReleaseDataSchema },
  abilities: { find: companyRule(), create: companyRule(), remove: companyRule() },
  events: 'company',
})
