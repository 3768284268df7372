import { useEffect, useState } from 'react'
import type { PortalClient } from '@portal/sdk/client'

interface Emitter {
  on(event: string, listener: () => void): unknown
  off(event: string, listener: () => void): unknown
}

const EVENTS = ['created', 'updated', 'patched', 'removed'] as const

/** Services whose events can change a document count (the counted service itself and the documents behind it). */
const WATCHED = ['aggregator', 'editor-document', 'documents'] as const

/**
 * A count that stays current: runs `load` now, again whenever a document event arrives (debounced), and when
 * the window regains focus. `load` is null while the count does not apply (e.g. no company or no permission).
 */
export function useLiveCount(client: PortalClient, load: (() => Promise<number>) | null, onError: (error: unknown) => void): number {
  const [count, setCount] = useState(0)
  useEffect(() => {
    if (!load) {
      setCount(0)
      return
    }
    let cancelled = false
    let timer: number | undefined
    const refresh = () => {
      load().then(
        (value) => {
          if (!cancelled) setCount(value)
        },
        (error: unknown) => {
          if (!cancelled) onError(error)
        },
      )
    }
    const soon = () => {
      window.clearTimeout(timer)
      timer = window.setTimeout(refresh, 150)
    }
    refresh()
    const emitters = WATCHED.map((path) => client.app.service(path) as unknown as Emitter)
    for (const emitter of emitters) for (const event of EVENTS) emitter.on(event, soon)
    window.addEventListener('focus', soon)
    return () => {
      cancelled = true
      window.clearTimeout(timer)
      for (const emitter of emitters) for (const event of EVENTS) emitter.off(event, soon)
      window.removeEventListener('focus', soon)
    }
  }, [client, load, onError])
  return count
}
