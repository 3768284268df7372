import { viennaToday } from '@portal/sdk/domain'
import { monthChecksDescriptor, parseMonthCheckId, type MonthCheck, type MonthChecksQuery, type MonthReleaseData } from '@portal/sdk/services'
import { previousMonth, shiftMonth } from '@portal/sdk/state'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { releaseMonth } from '../../commands/releaseMonth'
import { withdrawMonthRelease } from '../../commands/withdrawMonthRelease'
import { monthChecks } from '../../models/company-overview'
import { badRequest } from '../../policies/index'
import { registerService } from '../shared/register'

/** The company and month of a remove's id, or a refusal naming the field. */
function idOf(id: unknown): { companyNo: number; month: string } {
  const parsed = parseMonthCheckId(id)
  if (!parsed) throw badRequest('Field "id" must be a company number and a month, as 1002-2026-10', 'errors:query.wrongType', { field: 'id', kind: 'monthCheckId' })
  return parsed
}

/** The month check: the checks of a company's months, a release (create) and its withdrawal (remove). */
export class MonthChecksService {
  constructor(private readonly app: Application) {}

  async find(params: PortalParams = {}): Promise<MonthCheck[]> {
    const query = params.query as MonthChecksQuery
    const today = viennaToday()
    const until = query.until ?? previousMonth(today)
    const months = Array.from({ length: query.months ?? 6 }, (_, back) => shiftMonth(until, -back))
    return monthChecks(this.app.get('knex'), query.client, months, today)
  }

  async create(data: MonthReleaseData, params: PortalParams = {}): Promise<MonthCheck> {
    return releaseMonth({ app: this.app, user: params.user, companyNo: data.company_no, month: data.month })
  }

  async remove(id: number | string | null, params: PortalParams = {}): Promise<MonthCheck> {
    const { companyNo, month } = idOf(id)
    return withdrawMonthRelease({ app: this.app, user: params.user, companyNo, month })
  }
}

/** Registers month-checks: find the query's company, create the data's, remove the id's (the id names it). */
export function configureMonthChecksService(app: Application): void {
  registerService(app, monthChecksDescriptor, new MonthChecksService(app), {
    target: (context) => {
      if (context.method === 'find') return { companyNo: (context.params.query as MonthChecksQuery).client }
      if (context.method === 'create') return { companyNo: (context.data as MonthReleaseData).company_no }
      return { companyNo: idOf(context.id).companyNo }
    },
  })
}
