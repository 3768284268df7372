import { useCallback, useEffect, useRef, useState } from 'react'
import type { UploadType } from '@portal/sdk/domain'
import type { UploadFileResult } from '@portal/sdk/services'
import { uploadFile } from '../components/UploadArea/uploadFile'

/** One file in the upload list: waiting, on its way (with progress), being checked, or finished. */
export interface UploadItem {
  key: string
  name: string
  state: 'waiting' | 'uploading' | 'checking' | 'finished'
  /** 0..100 */
  percent: number
  /** The server's answer for the file (uploaded, exists or refused). */
  result?: UploadFileResult
  /** Set when the request failed as a whole (network, session, permission). */
  error?: unknown
}

/** Files sent at the same time; more would only compete for the same connection. */
export const PARALLEL_UPLOADS = 2

let sequence = 0

/**
 * Uploads files of one company, each in its own request so every file gets its own progress and result;
 * at most PARALLEL_UPLOADS at once, the rest wait in order. `add(files, type?)` takes them in as the kind chosen.
 */
export function useUploads(companyNo: number, token: () => Promise<string | null>) {
  const [items, setItems] = useState<UploadItem[]>([])
  const files = useRef(new Map<string, { file: File; type?: UploadType }>())
  const waiting = useRef<string[]>([])
  const running = useRef(0)

  const update = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)))
  }, [])

  const pump = useCallback(() => {
    // The queue lives in refs, not in a state updater, so React may re-run updaters without sending twice.
    while (running.current < PARALLEL_UPLOADS && waiting.current.length > 0) {
      const key = waiting.current.shift()!
      const queued = files.current.get(key)
      if (!queued) continue
      running.current += 1
      update(key, { state: 'uploading' })
      void (async () => {
        try {
          const result = await uploadFile({
            file: queued.file,
            type: queued.type,
            companyNo,
            token: await token(),
            onProgress: (fraction) => update(key, { percent: Math.round(fraction * 100) }),
            onSent: () => update(key, { state: 'checking' }),
          })
          update(key, { state: 'finished', percent: 100, result })
        } catch (error) {
          update(key, { state: 'finished', error })
        } finally {
          files.current.delete(key)
          running.current -= 1
          pump()
        }
      })()
    }
  }, [companyNo, token, update])

  const add = useCallback(
    (chosen: Iterable<File>, type?: UploadType) => {
      const added: UploadItem[] = []
      for (const file of chosen) {
        const key = `upload-${++sequence}`
        files.current.set(key, { file, type })
        added.push({ key, name: file.name, state: 'waiting', percent: 0 })
      }
      if (added.length === 0) return
      waiting.current.push(...added.map((item) => item.key))
      setItems((list) => [...added, ...list])
      pump()
    },
    [pump],
  )

  const clearFinished = useCallback(() => setItems((list) => list.filter((item) => item.state !== 'finished')), [])

  // A company switch starts with an empty list; requests already sent still finish on the server.
  useEffect(() => {
    setItems([])
    files.current.clear()
    waiting.current = []
  }, [companyNo])

  return { items, add, clearFinished }
}
