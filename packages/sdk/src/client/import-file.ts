import { FeathersError } from '@feathersjs/errors'
import { createError } from '../errors/index'
import {
  IMPORT_FILE_FIELDS,
  importFileHttpPaths,
  importFileRules,
  importFileTooLargeData,
  type ImportFileContracts,
  type ImportFileService,
} from '../services/import-files'

/** What sendImportFile sends, and where. */
export interface SendImportFileOptions<S extends ImportFileService> {
  /** The portal's base URL ('' in the browser: the page's own origin). */
  server: string
  /** The session's identity token (Authorization: Bearer); null sends none (refused with 401). */
  token: string | null
  service: S
  /** The create fields but the file's content (its name is taken from `fileName` when the service has a name field). */
  data: ImportFileContracts[S]['data']
  /** The file: a browser File, a Blob, or a Node file blob (fs.openAsBlob), sent as it is. */
  file: Blob
  fileName: string
  signal?: AbortSignal
}

/** The refusal of a file over the service's limit, the same the door answers (413). */
export function importFileTooLarge(service: ImportFileService, fileName: string): FeathersError {
  const data = importFileTooLargeData(importFileRules[service].maxBytes, fileName)
  // The English text, as the server's answer carries it.
  return new FeathersError(createError('BadRequest', data.key, data.params).message, 'PayloadTooLarge', 413, 'payload-too-large', data)
}

/** A Feathers error from the door's JSON answer (name, message, code, data { key, params }), or a general one. */
async function refusal(response: Response): Promise<FeathersError> {
  const body = (await response.json().catch(() => undefined)) as { name?: unknown; message?: unknown; className?: unknown; data?: { key?: unknown } } | undefined
  if (body && typeof body.message === 'string' && typeof body.data?.key === 'string') {
    return new FeathersError(body.message, typeof body.name === 'string' ? body.name : 'GeneralError', response.status, String(body.className ?? ''), body.data)
  }
  const general = createError('GeneralError', 'errors:document.uploadFailed')
  return new FeathersError(general.message, 'GeneralError', response.status, 'general-error', general.data)
}

/**
 * Sends one import file through the import door (importFileHttpPaths) and answers the service's result, exactly what its
 * create answers over the socket; a refusal rejects with the Feathers error the service gave (400 naming the field and
 * rule, 401, 403, 413 naming the limit). A file over the limit is refused here, before a byte is sent. Used by the web
 * screens and the CLI alike.
 */
export async function sendImportFile<S extends ImportFileService>(options: SendImportFileOptions<S>): Promise<ImportFileContracts[S]['result']> {
  const { service, file, fileName } = options
  if (file.size > importFileRules[service].maxBytes) throw importFileTooLarge(service, fileName)
  const form = new FormData()
  // The fields first: the server reads the form in order and checks them before it keeps the file.
  form.append(IMPORT_FILE_FIELDS.data, JSON.stringify(options.data))
  form.append(IMPORT_FILE_FIELDS.file, file, fileName)
  let response: Response
  try {
    response = await fetch(`${options.server}${importFileHttpPaths.file(service)}`, {
      method: 'POST',
      headers: { accept: 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
      body: form,
      signal: options.signal,
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw createError('Unavailable', 'errors:importFile.unreachable')
  }
  if (!response.ok) throw await refusal(response)
  return (await response.json()) as ImportFileContracts[S]['result']
}
