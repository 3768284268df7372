/** Job kind of a document's extraction. */
export const EXTRACT_JOB = 'extract-document'

/** What an extraction job carries. */
export interface ExtractJobPayload {
  documentId: number
  /** The uploader named the type; the pipeline must not switch incoming/outgoing. */
  typeFixed: boolean
}
