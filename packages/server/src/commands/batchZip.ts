import { MimeType } from '@portal/sdk/domain'
import type { Application } from '../declarations'
import { documentStore } from '../documents/runtime'
import { buildZip, documentFileName, type ZipEntry } from '../erp/index'

/** A document file's extension in a batch ZIP, by its type (PDF for anything unknown: the store keeps PDFs mostly). */
export function extensionOf(mime: string): string {
  switch (mime) {
    case MimeType.jpeg:
      return 'jpg'
    case MimeType.png:
      return 'png'
    case MimeType.tiff:
      return 'tif'
    case MimeType.xml:
      return 'xml'
    default:
      return 'pdf'
  }
}

/** The ZIP entry name of a booking's document. */
export function batchDocumentName(bookingNo: number, mime: string): string {
  return documentFileName(bookingNo, extensionOf(mime))
}

/** Props of batchZip. */
export interface BatchZipProps {
  app: Application
  bookingFileName: string
  bookingFile: Uint8Array
  /** Each booking's document in the ZIP, in booking-number order. */
  documents: readonly { file_name: string; sha256: string }[]
}

/**
 * The ZIP of a batch: the booking file first, then each booking's document under its booking number, read from the
 * document store (a file several bookings share is read once). Same booking file and documents → same bytes, so a
 * kept batch is rebuilt for every download instead of stored twice.
 */
export async function batchZip(props: BatchZipProps): Promise<Uint8Array> {
  const store = documentStore(props.app)
  const files = new Map<string, Uint8Array>()
  const entries: ZipEntry[] = [{ name: props.bookingFileName, bytes: props.bookingFile }]
  for (const document of props.documents) {
    let bytes = files.get(document.sha256)
    if (!bytes) {
      bytes = new Uint8Array(await store.get(document.sha256))
      files.set(document.sha256, bytes)
    }
    entries.push({ name: document.file_name, bytes, stored: true })
  }
  return buildZip(entries)
}
