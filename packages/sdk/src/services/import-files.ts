import { errorData, type ErrorData } from '../errors/data'
import { MAX_BANK_STATEMENT_FILE_BYTES, bankStatementsPath, type BankImportResult, type BankStatementData } from './bank-statements'
import { MAX_ERP_RESULT_FILE_BYTES, erpImportResultsPath, type ErpImportResultAnswer, type ErpImportResultData } from './erp-import-results'
import { MAX_FON_IMPORT_FILE_BYTES, fonImportsPath, type FonImport, type FonImportCreate } from './fon-imports'
import { MAX_SV_IMPORT_FILE_BYTES, svImportsPath, type SvImport, type SvImportCreate } from './sv-imports'

/**
 * The import door: POST /api/import-files/:service takes one import file as multipart/form-data (the create fields as
 * JSON in the form field `data` first, then the file in the field `file`) and calls the service's own create with it,
 * so files larger than a socket message (2 MB) reach the same validation, policy and jobs as over the socket.
 */
export const importFileHttpPaths = {
  file: (service: ImportFileService) => `/api/import-files/${service}`,
} as const

/** The form fields of an import-door request. */
export const IMPORT_FILE_FIELDS = { data: 'data', file: 'file' } as const

/** What the door needs to know of one service taking import files. */
export interface ImportFileRule {
  /** Largest file, bytes; a larger one is refused with 413 naming the limit. */
  maxBytes: number
  /** The create field holding the file's name, filled from the file part when `data` leaves it out. */
  fileNameField?: string
}

/** The services the import door serves. */
export const IMPORT_FILE_SERVICES = [bankStatementsPath, fonImportsPath, svImportsPath, erpImportResultsPath] as const

/** A service the import door serves. */
export type ImportFileService = (typeof IMPORT_FILE_SERVICES)[number]

/** Each service's file rule; the limits are defined beside the services' vocabulary. */
export const importFileRules: Readonly<Record<ImportFileService, ImportFileRule>> = {
  [bankStatementsPath]: { maxBytes: MAX_BANK_STATEMENT_FILE_BYTES, fileNameField: 'file_name' },
  [fonImportsPath]: { maxBytes: MAX_FON_IMPORT_FILE_BYTES, fileNameField: 'fileName' },
  [svImportsPath]: { maxBytes: MAX_SV_IMPORT_FILE_BYTES, fileNameField: 'fileName' },
  [erpImportResultsPath]: { maxBytes: MAX_ERP_RESULT_FILE_BYTES },
}

/** Whether `name` is a service the import door serves. */
export function isImportFileService(name: string): name is ImportFileService {
  return (IMPORT_FILE_SERVICES as readonly string[]).includes(name)
}

/** The create data and the answer of each import service as the door takes and answers them (no `content`). */
export interface ImportFileContracts {
  [bankStatementsPath]: { data: Omit<BankStatementData, 'content' | 'file_name'> & { file_name?: string }; result: BankImportResult }
  [fonImportsPath]: { data: Omit<FonImportCreate, 'content' | 'fileName'> & { fileName?: string }; result: FonImport }
  [svImportsPath]: { data: Omit<SvImportCreate, 'content' | 'fileName'> & { fileName?: string }; result: SvImport }
  [erpImportResultsPath]: { data: Omit<ErpImportResultData, 'content'>; result: ErpImportResultAnswer }
}

/** The refusal of a file (or, without its name, a request) over an import's limit: key and parameters, web, CLI and server alike. */
export function importFileTooLargeData(max: number, file?: string): ErrorData {
  const params = { max, maxMb: megabytes(max) }
  return file === undefined ? errorData('errors:importFile.requestTooLarge', params) : errorData('errors:importFile.tooLarge', { ...params, file })
}

/** Whole megabytes of a byte limit, for the refusal texts ("at most 25 MB"). */
export function megabytes(bytes: number): number {
  return Math.floor(bytes / (1024 * 1024))
}

/**
 * An import file's text: UTF-8 when it is valid UTF-8, else Windows-1252 (what BMD, DATEV and many banks' MT940
 * exports write by default). The one decoding of the door, the CLI and the web.
 */
export function decodeImportText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}
