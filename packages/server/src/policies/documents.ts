import { hiddenKinds, type DocumentKind } from '@portal/sdk/domain'
import type { SessionUser } from '@portal/sdk/services'

/**
 * The stored document kinds a caller may not see, which every document list leaves out (an outgoing invoice without
 * `lar`, SPEC §6); one document is refused by the policy with the same rule (AbilityTarget.recordRequires).
 * Internal calls (no user) see every kind.
 */
export function hiddenDocumentKinds(user: Pick<SessionUser, 'permissions_array'> | undefined): DocumentKind[] {
  return user ? hiddenKinds(user.permissions_array) : []
}
