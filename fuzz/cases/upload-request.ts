import type { UploadResponse } from '../../packages/sdk/src/services/index'
import type { Answer } from '../answers'
import type { FuzzContext } from '../case'
import { multipartBody, type Part } from './multipart'

/** One upload request as built by a fuzz input. */
export interface UploadRequest {
  parts?: Part[]
  /** A raw body instead of parts (malformed multipart). */
  body?: Buffer
  contentType?: string | null
  /** Query string after `?`; default `client=<fuzz company>`. */
  query?: string
  /** Authorization header; default the admin's bearer token; null sends none. */
  authorization?: string | null
}

/** What an input expects of the stored outcome, beyond the general rules. */
export interface UploadExpectation {
  /** The file must be refused (e.g. XML with a DOCTYPE); storing it is wrong. */
  refused?: string
  /** The answer must name the file exactly as sent (non-ASCII names must not come back garbled). */
  sameName?: string
}

const BOUNDARY = '----portal-fuzz-boundary-7MA4YWxkTrZu0gW'

/** Sends one upload to the HTTP endpoint and judges the per-file results against the expectation. */
export async function sendUpload(context: FuzzContext, request: UploadRequest, signal: AbortSignal, expect: UploadExpectation = {}, label = ''): Promise<Answer> {
  const headers: Record<string, string> = {}
  const authorization = request.authorization === undefined ? `Bearer ${context.adminToken}` : request.authorization
  if (authorization !== null) headers.authorization = authorization
  const contentType = request.contentType === undefined ? `multipart/form-data; boundary=${BOUNDARY}` : request.contentType
  if (contentType !== null) headers['content-type'] = contentType
  const body = request.body ?? multipartBody(request.parts ?? [], BOUNDARY)
  const query = request.query ?? `client=${context.companyNo}`
  const response = await fetch(`${context.url}/api/documents/upload?${query}`, { method: 'POST', headers, body: new Uint8Array(body), signal })
  const text = await response.text()
  const answer: Answer = { status: response.status, body: text }
  if (response.status !== 200) return answer
  let results: UploadResponse['results'] = []
  try {
    results = (JSON.parse(text) as UploadResponse).results ?? []
  } catch {
    return { ...answer, wrong: 'a 200 answer that is not JSON' }
  }
  for (const result of results) {
    if (result.status === 'uploaded' && result.documentId !== undefined) {
      context.stored.set(result.documentId, label)
      context.documentIds.push(result.documentId)
    }
  }
  if (expect.refused && results.some((r) => r.status === 'uploaded')) return { ...answer, wrong: `stored: ${expect.refused}` }
  if (expect.sameName !== undefined && results.length > 0 && results[0].file !== expect.sameName) {
    return { ...answer, wrong: `file name came back as ${JSON.stringify(results[0].file)}` }
  }
  return answer
}
