import type { Knex } from 'knex'
import type { IntakeLogEntry, IntakeLogQuery } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'
import { recentIntakeLog } from '../../models/intake'

const DEFAULT_LIMIT = 50

/** The intake log: what came in by e-mail for a company and what became of it, newest first. */
export class IntakeLogService {
  constructor(private readonly knex: Knex) {}

  /** The newest entries of query.client. */
  async find(params: PortalParams = {}): Promise<IntakeLogEntry[]> {
    const { client, $limit } = params.query as IntakeLogQuery
    return recentIntakeLog(this.knex, client, $limit ?? DEFAULT_LIMIT)
  }
}
