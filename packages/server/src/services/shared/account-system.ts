import { badRequest } from '../../policies/index'

/** The accounting system the portal books into (SPEC §3: backendConfig.defaultAccountSystem). */
export const DEFAULT_ACCOUNT_SYSTEM = 'bmd'

/** Throws BadRequest naming `acc` unless it is the configured accounting system. */
export function assertAccountSystem(acc: unknown): void {
  if (acc !== DEFAULT_ACCOUNT_SYSTEM) {
    throw badRequest(`Field "acc" must be the accounting system "${DEFAULT_ACCOUNT_SYSTEM}"`, 'errors:query.accountSystem', {
      field: 'acc',
      expected: DEFAULT_ACCOUNT_SYSTEM,
    })
  }
}
