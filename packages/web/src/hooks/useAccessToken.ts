import { useCallback } from 'react'
import type { PortalClient } from '@portal/sdk/client'

/**
 * Reads the session's identity token at the moment of a request (it is refreshed in the background), for
 * the HTTP endpoints that take `Authorization: Bearer` (upload, file download).
 */
export function useAccessToken(client: PortalClient): () => Promise<string | null> {
  return useCallback(() => client.app.authentication.getAccessToken(), [client])
}
