import { Type, type Static } from '@feathersjs/typebox'
import { OVERVIEW_FILTERS, OVERVIEW_SORT_FIELDS, type FonOverviewState, type OverviewFilter, type OverviewSortable } from '../state/companyOverview'
import type { MonthCheckReason, MonthLight } from '../state/monthCheck'
import { pageSchemas, sortSchema, type Finds, type Page } from './common'
import { companyRule, defineService } from './descriptor'

/** Path of the firm dashboard (issue 34): one row per company the caller holds, with what is open there. */
export const companyOverviewPath = 'company-overview'

/** Methods of company-overview. */
export const companyOverviewMethods = ['find'] as const

/** A month as YYYY-MM. */
export const monthSchema = Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' })

/**
 * company-overview.find: a page of the caller's companies, narrowed by `search` (number, name or place) and `only`
 * (see OVERVIEW_FILTERS), ordered by one column; `month` is the month whose check each row shows (default: the month
 * before today's).
 */
export const companyOverviewQuerySchema = Type.Object(
  {
    month: Type.Optional(monthSchema),
    search: Type.Optional(Type.String({ maxLength: 100 })),
    only: Type.Optional(Type.Unsafe<OverviewFilter>({ type: 'string', enum: [...OVERVIEW_FILTERS] })),
    $sort: sortSchema(OVERVIEW_SORT_FIELDS),
    ...pageSchemas,
  },
  { $id: 'CompanyOverviewQuery', additionalProperties: false },
)

/** Query of company-overview.find. */
export type CompanyOverviewQuery = Static<typeof companyOverviewQuerySchema>

/** A month's release by the client: who and when. */
export interface MonthRelease {
  released_by_name: string | null
  released_at: string
}

/** The month check of one company and month: its light, the reasons, the release and whether the firm exported it. */
export interface MonthCheck {
  /** `${company_no}-${month}`: the id month-checks.remove withdraws the release by. */
  id: string
  company_no: number
  month: string
  light: MonthLight
  reasons: MonthCheckReason[]
  /** Whether the company keeps a cash book (else the cash book check does not apply). */
  cash_book: boolean
  released: MonthRelease | null
  exported: boolean
}

/** One row of the dashboard: the company, its counts (see OverviewSortable), its FON state and the month check. */
export interface CompanyOverviewRow extends OverviewSortable {
  /** The company number (rows are merged by it). */
  id: number
  fon: { state: FonOverviewState; open: number; conflicts: number }
  month: MonthCheck
}

/** The answer: a page of rows and the month they check. */
export interface CompanyOverviewPage extends Page<CompanyOverviewRow> {
  month: string
}

/** Typed client view of company-overview. */
export type CompanyOverviewClientService = Finds<CompanyOverviewQuery, CompanyOverviewPage>

/**
 * The firm dashboard: `ove` (SPEC §2) and only the caller's companies. Its events are `patched` records
 * `{ id, company_no }` saying "this company's row changed", sent when an event of a service behind a count arrives
 * (documents, bank movements, payments, exports, requests, releases), to the connections of that company holding `ove`.
 */
export const companyOverviewDescriptor = defineService<CompanyOverviewClientService>()({
  path: companyOverviewPath,
  methods: companyOverviewMethods,
  schemas: { query: companyOverviewQuerySchema },
  abilities: { find: companyRule(['ove']) },
  events: 'company',
})
