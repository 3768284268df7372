import { useCallback, useEffect, useState } from 'react'
import type { AccountSecurityData, AccountSecurityResult, AccountSecurityState } from '@portal/sdk/services'
import { useSession } from '../../hooks/useSession'

/** The user's sign-in methods and one change at a time; `run` answers the change's result (or throws its refusal). */
export function useAccountSecurity(onError: (error: unknown) => void) {
  const { client } = useSession()
  const [state, setState] = useState<AccountSecurityState | null>(null)

  useEffect(() => {
    let live = true
    client
      .service('account-security')
      .find()
      .then((value) => live && setState(value))
      .catch(onError)
    return () => {
      live = false
    }
  }, [client, onError])

  const run = useCallback(
    async (data: AccountSecurityData): Promise<AccountSecurityResult> => {
      const result = await client.service('account-security').create(data)
      setState(result)
      return result
    },
    [client],
  )
  return { state, run }
}

/** Props of a section of sign-in methods: the state and the change runner of useAccountSecurity. */
export interface SecuritySectionProps {
  state: AccountSecurityState
  run: (data: AccountSecurityData) => Promise<AccountSecurityResult>
}
