import { useEffect, useMemo, useState } from 'react'
import { CUSTOMER_TYPES, SUPPLIER_TYPES, TAX_CODES, type TaxSide } from '@portal/sdk/domain'
import type { Book, CostCenter, ExpenseAccount } from '@portal/sdk/services'
import { useCompany } from '../../hooks/useCompany'
import { useSession } from '../../hooks/useSession'

/** One entry of a picker: the value stored and what the person reads. */
export interface Choice {
  value: string
  label: string
}

/** What the booking panel's pickers offer. */
export interface BookingChoices {
  /** Suppliers (input side) or customers (output side) of acc-suppliers. */
  accounts: readonly Choice[]
  counterAccounts: readonly Choice[]
  costCenters: readonly Choice[]
  books: readonly Choice[]
  taxCodes: readonly string[]
}

const unique = (choices: Choice[]): Choice[] => [...new Map(choices.map((choice) => [choice.value, choice])).values()]

/**
 * The company's suppliers or customers (by the document's side) and expense accounts, read once per company and side,
 * with its cost centres and books (loaded with the company) and the tax codes of the side. Lists stay empty while they
 * load or when a load fails (the error goes to `onError`); the fields then take typed numbers.
 */
export function useBookingChoices(companyNo: number, side: TaxSide, onError: (error: unknown) => void): BookingChoices {
  const { client, config } = useSession()
  const { data } = useCompany()
  const [accounts, setAccounts] = useState<Choice[]>([])
  const [counterAccounts, setCounterAccounts] = useState<Choice[]>([])
  useEffect(() => {
    if (companyNo <= 0) return
    let cancelled = false
    const acc = config.defaultAccountSystem
    const types = side === 'output' ? CUSTOMER_TYPES : SUPPLIER_TYPES
    client
      .service('acc-suppliers')
      .find({ query: { client: companyNo, acc, types: [...types], $limit: 1000 } })
      .then((page) => !cancelled && setAccounts(unique(page.data.map((a) => ({ value: String(a.account), label: a.name })))), onError)
    client
      .service('acc-exp-acc')
      .find({ query: { client: companyNo, acc } })
      .then((list: ExpenseAccount[]) => !cancelled && setCounterAccounts(unique(list.map((a) => ({ value: String(a.account), label: a.name })))), onError)
    return () => {
      cancelled = true
    }
  }, [client, companyNo, side, config.defaultAccountSystem, onError])
  const costCenters = useMemo(() => {
    const all = Array.isArray(data.cost) ? (data.cost as CostCenter[]) : []
    return unique(all.filter((c) => c.company_no === companyNo).map((c) => ({ value: c.code, label: c.name })))
  }, [data.cost, companyNo])
  const books = useMemo(() => {
    const all = Array.isArray(data.books) ? (data.books as Book[]) : []
    return unique(all.filter((b) => b.company_no === companyNo).map((b) => ({ value: b.code, label: b.name })))
  }, [data.books, companyNo])
  const taxCodes = useMemo(() => TAX_CODES.filter((definition) => definition.side === side).map((definition) => definition.code), [side])
  return { accounts, counterAccounts, costCenters, books, taxCodes }
}
