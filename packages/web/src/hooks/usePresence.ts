import { useCallback, useEffect, useRef, useState } from 'react'
import type { PortalClient } from '@portal/sdk/client'
import { PRESENCE_HEARTBEAT_MS } from '@portal/sdk/domain'
import type { DocumentPresence, DocumentPresenceAnswer } from '@portal/sdk/services'

/** What usePresence answers: the others who have the document open, and whether one of them is editing it. */
export interface PresenceState {
  others: DocumentPresence[]
  /** Someone else is editing (the soft lock's warning), by name; null when nobody is. */
  editor: string | null
  /** Tells the others that this user is (or is no longer) changing values. */
  setEditing: (editing: boolean) => void
}

/**
 * Announces that the user has a document open (again every heartbeat, so it lapses when the tab dies) and follows who
 * else has it open through the service's created and removed events; leaving the document ends the presence.
 */
export function usePresence(client: PortalClient, documentId: number, userKey: string | undefined, enabled: boolean): PresenceState {
  const [others, setOthers] = useState<DocumentPresence[]>([])
  const editing = useRef(false)
  const announce = useRef<() => void>(() => undefined)

  useEffect(() => {
    setOthers([])
    if (!enabled || documentId <= 0) return
    let cancelled = false
    const service = client.service('document-presence')
    const isOther = (p: DocumentPresence) => p.document_id === documentId && p.user_key !== userKey
    const upsert = (presence: DocumentPresence) =>
      setOthers((current) => [...current.filter((p) => p.user_key !== presence.user_key), presence].sort((a, b) => a.name.localeCompare(b.name)))
    const beat = () =>
      service.create({ document_id: documentId, editing: editing.current }).then(
        (answer: DocumentPresenceAnswer) => {
          if (!cancelled) setOthers(answer.others.filter(isOther))
        },
        // Presence is a courtesy: a failed beat is tried again with the next one.
        () => undefined,
      )
    announce.current = () => void beat()
    const onCreated = (presence: DocumentPresence) => {
      if (isOther(presence)) upsert(presence)
    }
    const onRemoved = (presence: DocumentPresence | null) => {
      if (presence && isOther(presence)) setOthers((current) => current.filter((p) => p.user_key !== presence.user_key))
    }
    service.on('created', onCreated)
    service.on('removed', onRemoved)
    void beat()
    const timer = setInterval(() => void beat(), PRESENCE_HEARTBEAT_MS)
    // Presences that lapse without a `removed` event (a closed laptop) drop out when their time is up.
    const sweep = setInterval(() => setOthers((current) => current.filter((p) => Date.parse(p.expires_at) > Date.now())), 5_000)
    return () => {
      cancelled = true
      clearInterval(timer)
      clearInterval(sweep)
      announce.current = () => undefined
      service.off('created', onCreated)
      service.off('removed', onRemoved)
      service.remove(documentId).catch(() => undefined)
    }
  }, [client, documentId, userKey, enabled])

  const setEditing = useCallback((next: boolean) => {
    if (editing.current === next) return
    editing.current = next
    announce.current()
  }, [])

  const editor = others.find((p) => p.editing)?.name ?? null
  return { others, editor, setEditing }
}
