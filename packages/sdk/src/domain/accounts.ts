/** Account types of SPEC §9: 2 customer, 3 supplier, 4 both. */
export const AccountType = {
  customer: 2,
  supplier: 3,
  both: 4,
} as const

/** One account type code. */
export type AccountType = (typeof AccountType)[keyof typeof AccountType]

/** Every account type code. */
export const ACCOUNT_TYPES: readonly AccountType[] = Object.values(AccountType)

/** Account types that `acc-suppliers` returns for suppliers (§7, §9). */
export const SUPPLIER_TYPES = [AccountType.supplier, AccountType.both] as const

/** Account types that `acc-suppliers` returns for customers (§7, §9). */
export const CUSTOMER_TYPES = [AccountType.customer, AccountType.both] as const

/** Customer account numbers, inclusive (§3, §9); every other number is a supplier. */
export const CUSTOMER_ACCOUNT_RANGE = { min: 200000, max: 299999 } as const

/** Whether an account is a customer's or a supplier's. */
export type AccountKind = 'customer' | 'supplier'

/** Classifies an account number: 200000-299999 are customers, all others suppliers. */
export function accountKind(account: number): AccountKind {
  return account >= CUSTOMER_ACCOUNT_RANGE.min && account <= CUSTOMER_ACCOUNT_RANGE.max ? 'customer' : 'supplier'
}
