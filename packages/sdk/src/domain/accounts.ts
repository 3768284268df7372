/** Account types that `acc-suppliers` returns for suppliers (§7, §9). */
export const SUPPLIER_TYPES = [3, 4] as const

/** Account types that `acc-suppliers` returns for customers (§7, §9). */
export const CUSTOMER_TYPES = [2, 4] as const

/** Customer account numbers, inclusive (§3, §9); every other number is a supplier. */
export const CUSTOMER_ACCOUNT_RANGE = { min: 200000, max: 299999 } as const

/** Whether an account is a customer's or a supplier's. */
export type AccountKind = 'customer' | 'supplier'

/** Classifies an account number: 200000-299999 are customers, all others suppliers. */
export function accountKind(account: number): AccountKind {
  return account >= CUSTOMER_ACCOUNT_RANGE.min && account <= CUSTOMER_ACCOUNT_RANGE.max ? 'customer' : 'supplier'
}
