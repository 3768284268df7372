import { can, type AbilityTarget, type ServiceMethod } from '@portal/sdk/services'
import { useSession } from './useSession'

/**
 * Whether the signed-in user may call `method` on the service at `path` (on that company, when the target
 * names one): the SDK's ability table, the very one the server enforces, so a screen never offers what
 * the server would refuse. Menu entries and routes are decided by the SDK's menu and route models instead.
 */
export function useCan(path: string, method: ServiceMethod, target?: AbilityTarget): boolean {
  const { user } = useSession()
  return can(user, path, method, target)
}
