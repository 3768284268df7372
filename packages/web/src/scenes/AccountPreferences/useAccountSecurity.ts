import { useCallback, useEffect, useState } from 'react'
import { needsStepUp, type AccountSecurityData, type AccountSecurityResult, type AccountSecurityState } from '@portal/sdk/services'
import { useSession } from '../../hooks/useSession'

/** The open step-up dialog: what it sends, and how the waiting change goes on (proved) or gives up (cancelled). */
export interface StepUpRequest {
  send: (data: AccountSecurityData) => Promise<AccountSecurityResult>
  proved: () => void
  cancel: () => void
}

/**
 * The user's sign-in methods and one change at a time; `run` answers the change's result (or throws its refusal). A
 * change the server refuses for want of a fresh proof (the step-up) opens `stepUp`, the dialog's request; once the
 * proof is given the change is sent again, and a cancelled dialog rejects with the server's refusal.
 */
export function useAccountSecurity(onError: (error: unknown) => void) {
  const { client } = useSession()
  const [state, setState] = useState<AccountSecurityState | null>(null)
  const [stepUp, setStepUp] = useState<StepUpRequest | null>(null)

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

  const send = useCallback(
    async (data: AccountSecurityData): Promise<AccountSecurityResult> => {
      const result = await client.service('account-security').create(data)
      setState(result)
      return result
    },
    [client],
  )

  const run = useCallback(
    async (data: AccountSecurityData): Promise<AccountSecurityResult> => {
      try {
        return await send(data)
      } catch (refusal) {
        if (!needsStepUp(refusal)) throw refusal
        await new Promise<void>((resolve, reject) => {
          const close = (then: () => void) => () => {
            setStepUp(null)
            then()
          }
          setStepUp({ send, proved: close(resolve), cancel: close(() => reject(refusal)) })
        })
        return send(data)
      }
    },
    [send],
  )
  return { state, run, stepUp }
}

/** Props of a section of sign-in methods: the state and the change runner of useAccountSecurity. */
export interface SecuritySectionProps {
  state: AccountSecurityState
  run: (data: AccountSecurityData) => Promise<AccountSecurityResult>
}
