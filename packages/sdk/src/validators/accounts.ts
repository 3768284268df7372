import { CUSTOMER_ACCOUNT_RANGE, accountKind, type AccountKind } from '../domain/accounts'
import { REGISTER_SEARCH_MAX_LENGTH } from '../domain/constants'
import { type FieldValue, type Validator, invalid, isEmpty } from './result'

/** True for customer account numbers (200000-299999). */
export function isCustomerAccount(account: number): boolean {
  return accountKind(account) === 'customer'
}

/** True for supplier account numbers (every number outside the customer range). */
export function isSupplierAccount(account: number): boolean {
  return accountKind(account) === 'supplier'
}

/** Rule: the account number must be a whole number in the range of `kind`. */
export function accountOfKind(kind: AccountKind): Validator<FieldValue> {
  return (value) => {
    if (isEmpty(value)) return null
    const account = typeof value === 'number' ? value : Number(String(value).trim())
    if (!Number.isInteger(account)) return invalid('validation:integer')
    if (accountKind(account) === kind) return null
    return invalid(kind === 'customer' ? 'validation:customerAccount' : 'validation:supplierAccount', {
      min: CUSTOMER_ACCOUNT_RANGE.min,
      max: CUSTOMER_ACCOUNT_RANGE.max,
    })
  }
}

/** The company register search text, cut after its first 50 characters (§5). */
export function registerSearchText(text: string): string {
  return Array.from(text.trim()).slice(0, REGISTER_SEARCH_MAX_LENGTH).join('')
}
