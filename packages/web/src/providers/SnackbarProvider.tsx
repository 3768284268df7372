import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { errorToMessage } from '@portal/sdk/errors'
import { SnackbarQueue, systemTimers } from '@portal/sdk/state'
import { Snackbar } from '../components/Snackbar/Snackbar'
import { SnackbarContext, type SnackbarMessage } from './contexts'

/** The SDK's snackbar queue (SPEC §4 timings) for the whole app; also shows unhandled promise rejections (§8). */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const queue = useMemo(() => new SnackbarQueue(systemTimers), [])
  // Subscribed during render, so messages pushed before effects run (an error caught on first render) still show.
  const state = useSyncExternalStore(
    useCallback((listener: () => void) => queue.subscribe(listener), [queue]),
    () => queue.state,
  )
  useEffect(() => () => queue.close(), [queue])

  const notify = useCallback((message: SnackbarMessage) => queue.push(message), [queue])
  const notifyError = useCallback(
    (error: unknown) => queue.push({ kind: 'error', text: errorToMessage(error, t) }),
    [queue, t],
  )

  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => notifyError(event.reason)
    window.addEventListener('unhandledrejection', onRejection)
    return () => window.removeEventListener('unhandledrejection', onRejection)
  }, [notifyError])

  const api = useMemo(() => ({ notify, notifyError }), [notify, notifyError])
  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {state.open ? <Snackbar messages={state.messages as readonly SnackbarMessage[]} onDismiss={() => queue.close()} /> : null}
    </SnackbarContext.Provider>
  )
}
