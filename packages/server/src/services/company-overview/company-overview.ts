import { viennaToday } from '@portal/sdk/domain'
import { companyOverviewDescriptor, type CompanyOverviewPage, type CompanyOverviewQuery } from '@portal/sdk/services'
import { overviewCompanyMatches, overviewNeedsAllCounts, overviewRowMatches, previousMonth, sortOverviewRows } from '@portal/sdk/state'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { allCompanyNos, companyNames } from '../../models/companies'
import { companyOverviewRows } from '../../models/company-overview'
import { registerService } from '../shared/register'

/** Rows a page holds unless the query says otherwise. */
const DEFAULT_LIMIT = 100

/**
 * The firm dashboard (issue 34): one query counts the companies a page needs — the page's own in number or name
 * order, else every company the caller holds — and the SDK's rules filter and order the rows (so the light and the
 * filters have one home); a page of them is answered.
 */
export class CompanyOverviewService {
  constructor(private readonly app: Application) {}

  async find(params: PortalParams = {}): Promise<CompanyOverviewPage> {
    const query = (params.query ?? {}) as CompanyOverviewQuery
    const knex = this.app.get('knex')
    const today = viennaToday()
    const month = query.month ?? previousMonth(today)
    const companies = params.companies ?? (await allCompanyNos(knex))
    const limit = query.$limit ?? DEFAULT_LIMIT
    const skip = query.$skip ?? 0
    if (!overviewNeedsAllCounts(query)) {
      // In number or name order, unfiltered by counts: the page is known from the companies alone; count only its rows.
      const listed = sortOverviewRows((await companyNames(knex, companies)).filter((company) => overviewCompanyMatches(company, query.search)), query.$sort)
      const page = listed.slice(skip, skip + limit).map((company) => company.company_no)
      const rows = await companyOverviewRows(knex, page, month, today)
      return { total: listed.length, limit, skip, month, data: sortOverviewRows(rows, query.$sort) }
    }
    const rows = (await companyOverviewRows(knex, companies, month, today)).filter((row) => overviewRowMatches(row, query))
    return { total: rows.length, limit, skip, month, data: sortOverviewRows(rows, query.$sort).slice(skip, skip + limit) }
  }
}

/** Registers company-overview (ove; narrowed to the caller's companies); services/index.ts sets up its event relay. */
export function configureCompanyOverviewService(app: Application): void {
  registerService(app, companyOverviewDescriptor, new CompanyOverviewService(app))
}
