import { fetchWithToken } from './fetchWithToken'

/** The answer of a download: saved, or refused with the HTTP status (0: the network failed). */
export type DownloadOutcome = { ok: true } | { ok: false; status: number }

/**
 * Fetches a file of one of the server's HTTP doors with the bearer token (a plain link would be refused) and hands it to
 * the browser as a download under `fileName`.
 */
export async function downloadFile(path: string, fileName: string, token: () => Promise<string | null>): Promise<DownloadOutcome> {
  let response: Response
  try {
    response = await fetchWithToken(path, token, new AbortController().signal)
  } catch {
    return { ok: false, status: 0 }
  }
  if (!response.ok) return { ok: false, status: response.status }
  const url = URL.createObjectURL(await response.blob())
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = fileName
  anchor.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
  return { ok: true }
}
