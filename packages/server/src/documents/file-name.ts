import { BadRequest } from '@feathersjs/errors'
import { errorData } from '@portal/sdk/errors'

/** Longest file name kept, in characters (the column's width). */
export const MAX_FILE_NAME_LENGTH = 255

const CONTROL = /\p{Cc}/u

/**
 * The name of an uploaded file as the user wrote it (busboy decodes it as UTF-8), or a 400 naming the field
 * and the rule when it holds control characters (NUL, line breaks, escapes): such a name cannot be shown,
 * stored in PostgreSQL (NUL) or put in a header safely, and no real file is named so.
 */
export function uploadFileName(raw: string | undefined): string {
  // Browsers and the CLI escape a double quote in the part header as %22 (HTML's multipart encoding).
  const name = (raw ?? '').replaceAll('%22', '"').trim()
  if (CONTROL.test(name)) {
    const shown = name.replace(/\p{Cc}/gu, '\uFFFD')
    throw new BadRequest(`The file name "${shown}" contains control characters`, errorData('documents:upload.badFileName', { field: 'filename', file: shown }))
  }
  return name === '' ? 'upload' : name
}

/** A file name cut to the column's width without splitting a character. */
export function storedFileName(name: string): string {
  const characters = Array.from(name)
  return characters.length <= MAX_FILE_NAME_LENGTH ? name : characters.slice(0, MAX_FILE_NAME_LENGTH).join('')
}
