import { useEffect, useMemo, useState } from 'react'
import { TAX_CODES, type TaxSide } from '@portal/sdk/domain'
import type { CostCenter, ExpenseAccount } from '@portal/sdk/services'
import { useCompany } from '../../hooks/useCompany'
import { useSession } from '../../hooks/useSession'

/** What the booking-default pickers of an account offer. */
export interface AccountChoices {
  counterAccounts: readonly ExpenseAccount[]
  costCenters: readonly CostCenter[]
  /** The portal's tax codes of the account's side (input for suppliers, output for customers). */
  taxCodes: readonly string[]
}

/**
 * The company's expense accounts (acc-exp-acc), its cost centres (loaded with the company) and the tax codes of one
 * side, for the account form's booking defaults. Lists stay empty while they load or when a load fails (the error
 * goes to `onError`); the form then offers "no default" only.
 */
export function useAccountChoices(companyNo: number, side: TaxSide | 'both', onError: (error: unknown) => void): AccountChoices {
  const { client, config } = useSession()
  const { data } = useCompany()
  const [counterAccounts, setCounterAccounts] = useState<readonly ExpenseAccount[]>([])
  useEffect(() => {
    if (companyNo <= 0) return
    let cancelled = false
    client
      .service('acc-exp-acc')
      .find({ query: { client: companyNo, acc: config.defaultAccountSystem } })
      .then((list) => !cancelled && setCounterAccounts(list), onError)
    return () => {
      cancelled = true
    }
  }, [client, companyNo, config.defaultAccountSystem, onError])
  const costCenters = useMemo(() => {
    const all = Array.isArray(data.cost) ? (data.cost as CostCenter[]) : []
    // One entry per code: the same centre is kept in every accounting.
    return [...new Map(all.filter((center) => center.company_no === companyNo).map((center) => [center.code, center])).values()]
  }, [data.cost, companyNo])
  const taxCodes = useMemo(
    () => TAX_CODES.filter((definition) => side === 'both' || definition.side === side).map((definition) => definition.code),
    [side],
  )
  const uniqueCounterAccounts = useMemo(
    () => [...new Map(counterAccounts.map((account) => [account.account, account])).values()],
    [counterAccounts],
  )
  return { counterAccounts: uniqueCounterAccounts, costCenters, taxCodes }
}
