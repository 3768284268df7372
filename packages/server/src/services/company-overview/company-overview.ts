import { viennaToday } from '@portal/sdk/domain'
import { companyOverviewDescriptor, type CompanyOverviewPage, type CompanyOverviewQuery } from '@portal/sdk/services'
import { overviewRowMatches, previousMonth, sortOverviewRows } from '@portal/sdk/state'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { allCompanyNos } from '../../models/companies'
import { companyOverviewRows } from '../../models/company-overview'
import { registerService } from '../shared/register'

/** Rows a page holds unless the query says otherwise. */
const DEFAULT_LIMIT = 100

/**
 * The firm dashboard (issue 34): one query counts every company the caller holds; the SDK's rules filter and order
 * the rows (so the light and the filters have one home), and a page of them is answered.
 */
export class CompanyOverviewService {
  constructor(private readonly app: Application) {}

  async find(params: PortalParams = {}): Promise<CompanyOverviewPage> {
    const query = (params.query ?? {}) as CompanyOverviewQuery
    const knex = this.app.get('knex')
    const today = viennaToday()
    const month = query.month ?? previousMonth(today)
    const companies = params.companies ?? (await allCompanyNos(knex))
    const rows = (await companyOverviewRows(knex, companies, month, today)).filter((row) => overviewRowMatches(row, query))
    const limit = query.$limit ?? DEFAULT_LIMIT
    const skip = query.$skip ?? 0
    return { total: rows.length, limit, skip, month, data: sortOverviewRows(rows, query.$sort).slice(skip, skip + limit) }
  }
}

/** Registers company-overview (ove; narrowed to the caller's companies); services/index.ts sets up its event relay. */
export function configureCompanyOverviewService(app: Application): void {
  registerService(app, companyOverviewDescriptor, new CompanyOverviewService(app))
}
