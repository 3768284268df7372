/** Cash-register states (§4). */
export const CashRegisterState = {
  inOperation: 'inOperation',
  outOfOperation: 'outOfOperation',
  registered: 'registered',
  failure: 'failure',
  noPermission: 'noPermission',
} as const

/** One cash-register state. */
export type CashRegisterState = (typeof CashRegisterState)[keyof typeof CashRegisterState]

/** Import run states (§4). */
export const ImportState = {
  inProgress: 'inProgress',
  failed: 'failed',
} as const

/** One import state. */
export type ImportState = (typeof ImportState)[keyof typeof ImportState]

/** User states (§4): disabled users cannot sign in and can be re-enabled. */
export const UserState = {
  enabled: 'enabled',
  disabled: 'disabled',
} as const

/** One user state. */
export type UserState = (typeof UserState)[keyof typeof UserState]

/** Scanner states (§4). */
export const ScannerState = {
  activated: 'activated',
  deactivated: 'deactivated',
} as const

/** One scanner state. */
export type ScannerState = (typeof ScannerState)[keyof typeof ScannerState]

/** Bank read-access states (§4): access has an expiry and can be requested, renewed or revoked. */
export const BankAccessState = {
  none: 'none',
  requested: 'requested',
  active: 'active',
  expired: 'expired',
  revoked: 'revoked',
} as const

/** One bank-access state. */
export type BankAccessState = (typeof BankAccessState)[keyof typeof BankAccessState]

/** Actions on a bank read access (§4). */
export const BankAccessAction = {
  request: 'request',
  renew: 'renew',
  revoke: 'revoke',
} as const

/** One bank-access action. */
export type BankAccessAction = (typeof BankAccessAction)[keyof typeof BankAccessAction]

/** The state of a bank access at `now`: an active access past its expiry counts as expired. */
export function bankAccessStateAt(
  access: { state: BankAccessState; expiresAt: Date | null },
  now: Date,
): BankAccessState {
  if (access.state === BankAccessState.active && access.expiresAt && access.expiresAt <= now) {
    return BankAccessState.expired
  }
  return access.state
}
