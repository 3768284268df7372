import { createPortalClient, type PortalClient } from '../../packages/sdk/src/client/index'
import type { DocumentRecord, UploadResponse } from '../../packages/sdk/src/services/index'
import { signIn } from './tokens'

/** A demo user signed in over a real socket: their identity token, client and companies. */
export interface UserSession {
  token: string
  client: PortalClient
  companies: number[]
}

/** Signs a demo user in through the provider and authenticates a socket with the identity token. */
export async function signInSession(url: string, email: string, password = 'portal-demo'): Promise<UserSession> {
  const tokens = await signIn(url, email, password)
  const client = createPortalClient({ url })
  const result = await client.authenticate({ strategy: 'jwt', accessToken: tokens.idToken })
  return { token: tokens.idToken, client, companies: result.user.klienten_array }
}

/** Uploads files through the HTTP endpoint as the CLI and the web do; answers the raw response. */
export async function uploadFiles(
  url: string,
  token: string | null,
  companyNo: number,
  files: { name: string; bytes: Uint8Array }[],
  type?: string,
): Promise<Response> {
  const form = new FormData()
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.bytes)]), file.name)
  const query = new URLSearchParams({ client: String(companyNo), ...(type ? { type } : {}) })
  return fetch(`${url}/api/documents/upload?${query}`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
}

/** The per-file results of an upload. */
export async function uploadResults(response: Response): Promise<UploadResponse['results']> {
  return ((await response.json()) as UploadResponse).results
}

/**
 * Uploads one file as `user` and resolves with the document once its reading is done (its `patched` event with
 * processing_state 'done'); rejects when the upload is not accepted.
 */
export async function uploadAndRead(
  url: string,
  user: UserSession,
  companyNo: number,
  file: { name: string; bytes: Uint8Array },
  type?: string,
): Promise<DocumentRecord> {
  const documents = user.client.service('documents')
  const done = new Promise<DocumentRecord>((resolve) => {
    const handler = (record: DocumentRecord) => {
      if (record.file_name === file.name && record.processing_state === 'done') {
        documents.removeListener('patched', handler)
        resolve(record)
      }
    }
    documents.on('patched', handler)
  })
  const [result] = await uploadResults(await uploadFiles(url, user.token, companyNo, [file], type))
  if (result?.status !== 'uploaded') throw new Error(`upload of ${file.name} was not accepted: ${JSON.stringify(result)}`)
  return done
}
