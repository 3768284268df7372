import type { BatchPage } from '@portal/sdk/state'

// The parts of buildPartPdf the main thread uses, without mupdf and pdf-lib (the part is built in a file thread).

/** A source upload: its bytes and type. */
export interface SourceFile {
  bytes: Uint8Array
  mime: string
  file_name: string
}

/** A page that could not be taken over, naming it. */
export class PageBuildError extends Error {
  constructor(
    readonly page: BatchPage,
    readonly cause: unknown,
  ) {
    super(`page ${page.page} of document ${page.document_id}: ${String(cause)}`)
    this.name = 'PageBuildError'
  }
}
