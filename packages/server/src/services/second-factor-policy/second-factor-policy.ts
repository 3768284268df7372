import { secondFactorPolicyDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { SecondFactorPolicyService } from './second-factor-policy.class'

/** Registers second-factor-policy (adm, kca). */
export function configureSecondFactorPolicyService(app: Application): void {
  registerService(app, secondFactorPolicyDescriptor, new SecondFactorPolicyService(app))
}
