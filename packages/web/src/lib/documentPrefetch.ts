import type { PortalClient } from '@portal/sdk/client'
import type { DocumentFields } from '@portal/sdk/services'
import { documentHttpPaths } from '@portal/sdk/services'
import { fetchWithToken } from './fetchWithToken'

/** A fetched original: its bytes and type. */
export interface PrefetchedFile {
  bytes: Uint8Array
  mime: string
}

// Fields are read once from here and then live from the server: an answer older than this is not used.
const FIELDS_MAX_AGE_MS = 15_000
// Originals never change (stored by content), so the last few are kept for going back and forth.
const FILES_KEPT = 4

const fields = new Map<number, { at: number; answer: Promise<DocumentFields> }>()
const files = new Map<number, Promise<PrefetchedFile | null>>()
// Clients whose document events already drop the fields read ahead of a document that changed meanwhile.
const watched = new WeakSet<PortalClient>()

function watch(client: PortalClient): void {
  if (watched.has(client)) return
  watched.add(client)
  client.service('documents').on('patched', (record: { id?: number }) => {
    if (typeof record.id === 'number') fields.delete(record.id)
  })
}

/**
 * Reads the next document (fields and original) while the person works on the current one, so Ctrl+↓ opens it
 * without waiting for the network. Failures are forgotten: the view then asks again and shows the refusal itself.
 */
export function prefetchDocument(client: PortalClient, id: number, token: () => Promise<string | null>): void {
  if (id <= 0) return
  watch(client)
  if (!fields.has(id)) {
    const answer = client.service('document-fields').get(id)
    answer.catch(() => fields.delete(id))
    fields.set(id, { at: Date.now(), answer })
  }
  if (!files.has(id)) {
    const file = fetchWithToken(documentHttpPaths.file(id), token, new AbortController().signal).then(
      async (response) => (response.ok ? { bytes: new Uint8Array(await response.arrayBuffer()), mime: response.headers.get('content-type')?.split(';')[0] ?? 'application/octet-stream' } : null),
      () => null,
    )
    files.set(id, file)
    while (files.size > FILES_KEPT) files.delete(files.keys().next().value as number)
  }
}

/** The prefetched fields of a document, once (a later read goes to the server); undefined when there are none fresh. */
export function takePrefetchedFields(id: number): Promise<DocumentFields> | undefined {
  const entry = fields.get(id)
  fields.delete(id)
  return entry && Date.now() - entry.at < FIELDS_MAX_AGE_MS ? entry.answer : undefined
}

/** The prefetched original of a document, if it was read (null inside when it was refused). */
export function prefetchedFile(id: number): Promise<PrefetchedFile | null> | undefined {
  return files.get(id)
}
