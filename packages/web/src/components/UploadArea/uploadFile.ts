import type { UploadType } from '@portal/sdk/domain'
import { errorData } from '@portal/sdk/errors'
import { documentHttpPaths, type UploadFileResult, type UploadResponse } from '@portal/sdk/services'

/** Options of uploadFile. */
export interface UploadFileOptions {
  file: File
  companyNo: number
  /** The kind the person chose (`?type=`); without it the portal recognises the kind. */
  type?: UploadType
  /** The client's note for the firm (`?note=`, camera captures). */
  note?: string
  token: string | null
  /** Told the share of bytes sent so far, 0..1. */
  onProgress: (fraction: number) => void
  /** Told when every byte is sent and the server is checking the file. */
  onSent?: () => void
}

/** An error with the `{ key, params }` data the portal's errors carry, for errorToMessage. */
export interface UploadError {
  name: string
  message: string
  code: number
  data: { key: string; params: Record<string, unknown> }
}

const uploadFailed = (code: number): UploadError => ({
  name: 'UploadError',
  message: 'Error during upload',
  code,
  data: errorData('errors:document.uploadFailed'),
})

/**
 * Uploads one file to POST /api/documents/upload with XMLHttpRequest, because fetch cannot report upload
 * progress. Resolves with the server's result for the file; rejects with a Feathers-shaped error when the
 * request as a whole is refused (no session, no permission) or the network fails.
 */
export function uploadFile({ file, companyNo, type, note, token, onProgress, onSent }: UploadFileOptions): Promise<UploadFileResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    const query = new URLSearchParams({ client: String(companyNo), ...(type ? { type } : {}), ...(note ? { note } : {}) })
    xhr.open('POST', `${documentHttpPaths.upload}?${query}`)
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`)
    xhr.responseType = 'json'
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    xhr.upload.onload = () => {
      onProgress(1)
      onSent?.()
    }
    xhr.onerror = () => reject(uploadFailed(0))
    xhr.onabort = () => reject(uploadFailed(0))
    xhr.onload = () => {
      const body: unknown = xhr.response
      if (xhr.status === 200 && body && Array.isArray((body as UploadResponse).results)) {
        const result = (body as UploadResponse).results[0]
        if (result) {
          resolve(result)
          return
        }
      }
      // Feathers errors come as JSON with name, code and data { key, params }.
      const error = body as Partial<UploadError> | null
      reject(error && typeof error === 'object' && error.data ? { ...uploadFailed(xhr.status), ...error } : uploadFailed(xhr.status))
    }
    const form = new FormData()
    form.append('files', file, file.name)
    xhr.send(form)
  })
}
