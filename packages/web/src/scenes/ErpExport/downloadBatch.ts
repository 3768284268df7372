import { erpExportHttpPaths, type ErpExportBatch } from '@portal/sdk/services'
import { fetchWithToken } from '../../lib/fetchWithToken'

/** The answer of a download: saved, or refused with the HTTP status (0: the network failed). */
export type DownloadOutcome = { ok: true } | { ok: false; status: number }

/**
 * Fetches a batch's ZIP with the bearer token (the endpoint needs it, so a plain link would be refused) and hands it
 * to the browser as a download under the batch's own file name. The server answers the same bytes every time.
 */
export async function downloadBatch(batch: Pick<ErpExportBatch, 'id' | 'file_name'>, token: () => Promise<string | null>): Promise<DownloadOutcome> {
  let response: Response
  try {
    response = await fetchWithToken(erpExportHttpPaths.download(batch.id), token, new AbortController().signal)
  } catch {
    return { ok: false, status: 0 }
  }
  if (!response.ok) return { ok: false, status: response.status }
  const url = URL.createObjectURL(await response.blob())
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = batch.file_name
  anchor.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
  return { ok: true }
}
