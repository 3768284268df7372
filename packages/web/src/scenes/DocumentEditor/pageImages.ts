import { documentHttpPaths } from '@portal/sdk/services'
import { fetchWithToken } from '../../lib/fetchWithToken'

// Page images of editor batches, drawn by the server: kept for the session, so a page moved to another part, a
// re-render after a live edit, or a second look at the preview does not fetch it again.
const cache = new Map<string, Promise<string | null>>()

/** An object URL of page `page` of upload `documentId` (null when the server refuses it). */
export function pageImageUrl(documentId: number, page: number, token: () => Promise<string | null>): Promise<string | null> {
  const key = `${documentId}-${page}`
  let entry = cache.get(key)
  if (!entry) {
    entry = (async () => {
      const response = await fetchWithToken(documentHttpPaths.page(documentId, page), token, new AbortController().signal)
      return response.ok ? URL.createObjectURL(await response.blob()) : null
    })().catch(() => null)
    cache.set(key, entry)
    // A refusal or failure is tried again next time.
    void entry.then((url) => (url === null ? cache.delete(key) : undefined))
  }
  return entry
}
