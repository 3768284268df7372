/** Job kind of a document's extraction. */
export const EXTRACT_JOB = 'extract-document'

/** What an extraction job carries. */
export interface ExtractJobPayload {
  documentId: number
  /** The uploader named the type; the pipeline must not switch incoming/outgoing. */
  typeFixed: boolean
}

/** Job kind of a FON import (the firm's records or the quota list): import the file, then reconcile. */
export const FON_IMPORT_JOB = 'fon-import'

/** What a FON import job carries: the fon_imports row with the file. */
export interface FonImportJobPayload {
  importId: number
}

/** Job kind of a contribution-account import (accounts, transactions or authorizations of the sv-tool). */
export const SV_IMPORT_JOB = 'sv-import'

/** What a contribution-account import job carries: the sv_imports row with the file. */
export interface SvImportJobPayload {
  importId: number
}
