import { useEffect, useState } from 'react'
import type { CaptureEntry } from '@portal/sdk/state'
import { CaptureQueue } from '../lib/captureQueue'
import { captureStore } from '../lib/captureStore'
import { useAccessToken } from './useAccessToken'
import { useSession } from './useSession'

let current: { owner: string; queue: CaptureQueue; stop: () => void } | undefined

/** The device's capture queue of the signed-in user (one per session, sending in the background), and its entries, live. */
export function useCaptureQueue(): { queue: CaptureQueue; entries: readonly CaptureEntry[] } {
  const { client, user } = useSession()
  const token = useAccessToken(client)
  if (!current || current.owner !== user.keycloakId) {
    current?.stop()
    const queue = new CaptureQueue({ store: captureStore, owner: user.keycloakId, token, online: () => navigator.onLine })
    current = { owner: user.keycloakId, queue, stop: queue.start() }
  }
  const queue = current.queue
  const [entries, setEntries] = useState<readonly CaptureEntry[]>(() => queue.items)
  useEffect(() => queue.subscribe(setEntries), [queue])
  return { queue, entries }
}
