import type { DocumentFileState } from '../hooks/useDocumentFile'

/** Saves the already fetched original (the file endpoint needs the bearer token, so a plain link would be refused). */
export function downloadBytes(file: DocumentFileState, name: string): void {
  if (file.kind !== 'ready') return
  const url = URL.createObjectURL(new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.mime }))
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = name
  anchor.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
