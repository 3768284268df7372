import { documentHttpPaths } from '@portal/sdk/services'
import { fetchWithToken } from '../../lib/fetchWithToken'

// Page images of editor batches, drawn by the server: kept for the session, so a page moved to another part, a
// re-render after a live edit, or a second look at the preview does not fetch it again.
const cache = new Map<string, Promise<string | null>>()

/** Pixel width of a thumbnail (twice its CSS width, sharp on high-density screens) and of the preview. */
export const THUMB_WIDTH = 192
export const PREVIEW_WIDTH = 720

/** An object URL of page `page` of upload `documentId` drawn `width` pixels wide (null when the server refuses it). */
export function pageImageUrl(documentId: number, page: number, width: number, token: () => Promise<string | null>): Promise<string | null> {
  const key = `${documentId}-${page}-${width}`
  let entry = cache.get(key)
  if (!entry) {
    entry = (async () => {
      const response = await fetchWithToken(`${documentHttpPaths.page(documentId, page)}?width=${width}`, token, new AbortController().signal)
      return response.ok ? URL.createObjectURL(await response.blob()) : null
    })().catch(() => null)
    cache.set(key, entry)
    // A refusal or failure is tried again next time.
    void entry.then((url) => (url === null ? cache.delete(key) : undefined))
  }
  return entry
}
