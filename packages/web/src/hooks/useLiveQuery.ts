import { useEffect, useRef, useState } from 'react'
import type { LiveQuery, LiveQueryState } from '@portal/sdk/client'

/**
 * The state of an SDK live query (a find kept current by service events), for as long as the component
 * shows it; null while there is no query (e.g. no company or no permission). Each new error is told to `onError`.
 */
export function useLiveQuery<T>(query: LiveQuery<T> | null, onError: (error: unknown) => void): LiveQueryState<T> | null {
  const [seen, setSeen] = useState<{ query: LiveQuery<T>; state: LiveQueryState<T> } | null>(null)
  // The latest callback, without subscribing anew whenever a caller passes a new function.
  const report = useRef(onError)
  useEffect(() => {
    report.current = onError
  }, [onError])
  useEffect(() => {
    if (!query) return
    let lastError: unknown = null
    return query.subscribe((state) => {
      setSeen({ query, state })
      if (state.error && state.error !== lastError) report.current(state.error)
      lastError = state.error
    })
  }, [query])
  // Until the new query has answered, never hand out the state of the one before (another company's list).
  if (!query) return null
  return seen?.query === query ? seen.state : query.getState()
}
