import { kindPermissions, viennaToday } from '@portal/sdk/domain'
import { unpaidItemsDescriptor, type UnpaidItemsPage, type UnpaidItemsQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { openItemsPage, openItemsTotals, type OpenItemsFilter } from '../../models/open-items'
import { registerService } from '../shared/register'

/** The open items of one side of a company, a page at a time, with the totals of everything the filter matches. */
export class UnpaidItemsService {
  constructor(private readonly app: Application) {}

  async find(params: PortalParams = {}): Promise<UnpaidItemsPage> {
    const query = params.query as UnpaidItemsQuery
    const knex = this.app.get('knex')
    const today = query.today ?? viennaToday()
    const filter: OpenItemsFilter = {
      companyNo: query.client,
      side: query.side,
      today,
      search: query.search,
      bucket: query.bucket,
      account: query.account,
      discountSoon: query.discountSoon,
      approval: query.approval,
    }
    const limit = query.$limit ?? 50
    const skip = query.$skip ?? 0
    const [data, summary] = await Promise.all([openItemsPage(knex, filter, { limit, skip, sort: query.$sort }), openItemsTotals(knex, filter)])
    return { total: summary.total, limit, skip, data, totals: summary.totals, partners: summary.partners, today }
  }
}

/** Registers unpaid-items: find concerns the query's company, and its side what that side's documents ask for (AR: lar). */
export function configureUnpaidItemsService(app: Application): void {
  registerService(app, unpaidItemsDescriptor, new UnpaidItemsService(app), {
    target: (context) => {
      const query = context.params.query as UnpaidItemsQuery
      return { companyNo: query.client, recordRequires: kindPermissions(query.side) }
    },
  })
}
