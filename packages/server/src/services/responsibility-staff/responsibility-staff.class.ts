import type { Knex } from 'knex'
import type { Page, ResponsibilityStaffQuery, StaffMember } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'
import { staffPage } from '../../models/responsibility'

/** The staff members responsibility chooses from: enabled users, by name. */
export class ResponsibilityStaffService {
  constructor(private readonly knex: Knex) {}

  async find(params: PortalParams = {}): Promise<Page<StaffMember>> {
    const query = (params.query ?? {}) as ResponsibilityStaffQuery
    const limit = query.$limit ?? 100
    const skip = query.$skip ?? 0
    return { limit, skip, ...(await staffPage(this.knex, query.search, limit, skip)) }
  }
}
