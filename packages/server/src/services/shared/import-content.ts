import { decodeImportText } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'
import { badRequest } from '../../policies/index'

/** A file the import door (http/import-files) received, handed to the service's create beside its data. */
export interface ImportedFile {
  name: string
  bytes: Uint8Array
}

/**
 * Params of an import service's create: over the socket the file is the data's `content`; through the import door it
 * is `importFile` (server-side params a socket client cannot set), so the bytes are never turned into base64 and back.
 */
export interface ImportFileParams extends PortalParams {
  importFile?: ImportedFile
}

function contentRequired(): Error {
  return badRequest('Field "content" is required', 'errors:query.required', { field: 'content' })
}

/** The file's bytes: the door's file, or the socket's base64 `content`. */
export function importBytes(content: string | undefined, params: ImportFileParams): Uint8Array {
  if (params.importFile) return params.importFile.bytes
  if (content === undefined) throw contentRequired()
  return new Uint8Array(Buffer.from(content, 'base64'))
}

/** The file's text: the door's file decoded (UTF-8, else Windows-1252), or the socket's `content`. */
export function importText(content: string | undefined, params: ImportFileParams): string {
  if (params.importFile) return decodeImportText(params.importFile.bytes)
  if (content === undefined) throw contentRequired()
  return content
}
