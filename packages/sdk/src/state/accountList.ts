/**
 * The suppliers-and-customers list as pure logic: the find it asks for and whether a live event's record belongs in
 * it, with the same search rules the server applies (name, number, VAT id or IBAN; spaces and case ignored).
 */
import { ACCOUNT_TYPES, CUSTOMER_TYPES, SUPPLIER_TYPES, type AccountType } from '../domain/accounts'
import type { AccSuppliersQuery, SupplierAccount } from '../services/acc-suppliers'

/** Which accounts the list shows. */
export type AccountListKind = 'all' | 'supplier' | 'customer'

/** Every choice of the list's kind filter, in the order it offers them. */
export const ACCOUNT_LIST_KINDS: readonly AccountListKind[] = ['all', 'supplier', 'customer']

/** The account types a kind shows (SPEC §7: suppliers 3 and 4, customers 2 and 4). */
export function accountListTypes(kind: AccountListKind): AccountType[] {
  if (kind === 'supplier') return [...SUPPLIER_TYPES]
  if (kind === 'customer') return [...CUSTOMER_TYPES]
  return [...ACCOUNT_TYPES]
}

/** What the list shows: one company's accounts of one accounting, of a kind, matching a search. */
export interface AccountListFilter {
  companyNo: number
  accounting: number
  kind: AccountListKind
  /** As typed; blank means no search. */
  search: string
}

/** The acc-suppliers find of the list (`acc`: the configured accounting system). */
export function accountListQuery(filter: AccountListFilter, acc: string, limit: number): AccSuppliersQuery {
  const search = filter.search.trim().slice(0, 100)
  return {
    client: filter.companyNo,
    acc,
    types: accountListTypes(filter.kind),
    accounting: filter.accounting,
    ...(search ? { search } : {}),
    $limit: limit,
    $sort: { account: 1 },
  }
}

const compact = (text: string | null) => (text ?? '').replace(/\s/g, '').toUpperCase()

/** Whether an account (e.g. of a `created` or `patched` event) belongs in the list, by the server's search rules. */
export function accountBelongs(record: SupplierAccount, filter: AccountListFilter): boolean {
  if (record.company_no !== filter.companyNo || record.accounting !== filter.accounting) return false
  if (!accountListTypes(filter.kind).includes(record.type)) return false
  const search = filter.search.trim()
  if (!search) return true
  const words = compact(search)
  return (
    record.name.toLowerCase().includes(search.toLowerCase()) ||
    String(record.account).includes(search) ||
    compact(record.vat_id).includes(words) ||
    compact(record.iban).includes(words)
  )
}

/** The list's order: by account number. */
export function byAccountNumber(a: SupplierAccount, b: SupplierAccount): number {
  return a.account - b.account
}
