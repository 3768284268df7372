/** Health-insurer account transaction status codes (§4). */
export const TransactionStatus = {
  /** Reminded / dunned (Mahnung). */
  MA: 'MA',
  /** Enforced (Exekution). */
  EX: 'EX',
  /** Instalment agreement (Ratenvereinbarung). */
  RV: 'RV',
  /** Insolvency claim. */
  I: 'I',
} as const

/** One transaction status code. */
export type TransactionStatus = (typeof TransactionStatus)[keyof typeof TransactionStatus]

/** Every transaction status code. */
export const TRANSACTION_STATUSES: readonly TransactionStatus[] = Object.values(TransactionStatus)
