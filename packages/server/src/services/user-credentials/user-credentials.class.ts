import type { UserCredentialsData, UserCredentialsResult } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { resetCredentials } from '../../commands/resetCredentials'
import { forbidden } from '../../policies/index'

/** An administrator's reset of a user's password or second factor (see commands/resetCredentials). */
export class UserCredentialsService {
  constructor(private readonly app: Application) {}

  async create(data: UserCredentialsData, params: PortalParams = {}): Promise<UserCredentialsResult> {
    if (!params.user) throw forbidden()
    return resetCredentials({ app: this.app, caller: params.user, data })
  }
}
