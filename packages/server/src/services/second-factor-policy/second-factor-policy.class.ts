import type { SecondFactorPolicy } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { forbidden } from '../../policies/index'
import { readPolicy, setPolicy } from '../../commands/account-security/policy'

/** The firm's second-factor policy (adm, kca). */
export class SecondFactorPolicyService {
  constructor(private readonly app: Application) {}

  async find(_params: PortalParams = {}): Promise<SecondFactorPolicy> {
    return readPolicy(this.app.get('knex'))
  }

  async create(data: SecondFactorPolicy, params: PortalParams = {}): Promise<SecondFactorPolicy> {
    if (!params.user) throw forbidden()
    return setPolicy(this.app.get('knex'), params.user, data)
  }
}
