import type { Page, Responsibility, ResponsibilityAssign, ResponsibilityAssigned, ResponsibilityQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { assignResponsibility } from '../../commands/assignResponsibility'
import { RESPONSIBILITY_COLUMNS, responsibilityQuery } from '../../models/responsibility'
import { forbidden } from '../../policies/index'
import { findPage } from '../shared/paginate'

/** Which staff member is responsible for which client company (admin group). */
export class ResponsibilityService {
  constructor(private readonly app: Application) {}

  async find(params: PortalParams = {}): Promise<Page<Responsibility>> {
    const query = (params.query ?? {}) as ResponsibilityQuery
    const knex = this.app.get('knex')
    return findPage<Responsibility>(knex, responsibilityQuery(knex, query), query, {
      columns: RESPONSIBILITY_COLUMNS,
      defaultLimit: 100,
      defaultSort: { companyNo: 1 },
    })
  }

  async create(data: ResponsibilityAssign, params: PortalParams = {}): Promise<ResponsibilityAssigned> {
    if (!params.user) throw forbidden()
    return assignResponsibility({ app: this.app, caller: params.user, data })
  }
}
