import type { UserBulkData, UserBulkResult } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { applyUserChanges } from '../../commands/applyUserChanges'
import { forbidden } from '../../policies/index'

/** A bulk change of users: previewed (dryRun) or applied in one transaction (see commands/applyUserChanges). */
export class UserBulkService {
  constructor(private readonly app: Application) {}

  async create(data: UserBulkData, params: PortalParams = {}): Promise<UserBulkResult> {
    if (!params.user) throw forbidden()
    return applyUserChanges({ app: this.app, caller: params.user, changes: data.changes, dryRun: data.dryRun === true })
  }
}
