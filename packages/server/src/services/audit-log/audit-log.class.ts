import type { Knex } from 'knex'
import type { AuditEntry, AuditLogQuery, Page } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'
import { auditPage } from '../../models/audit-log'

/** The audit log for user managers: newest first, narrowed by target, actor, kind or action. */
export class AuditLogService {
  constructor(private readonly knex: Knex) {}

  async find(params: PortalParams = {}): Promise<Page<AuditEntry>> {
    const query = (params.query ?? {}) as AuditLogQuery
    const { total, data } = await auditPage(this.knex, query)
    return { total, limit: query.$limit ?? 100, skip: query.$skip ?? 0, data }
  }
}
