import { BadRequest } from '@feathersjs/errors'
import { errorData } from '@portal/sdk/errors'
import type { Context } from 'koa'
import { isUploadType, UPLOAD_TYPES, type UploadType } from '@portal/sdk/domain'
import { MAX_CAPTURE_NOTE_LENGTH } from '@portal/sdk/state'
import { textProblem } from '@portal/sdk/validators'
import { TEXT_PROBLEMS } from '../hooks/text-rule'

/** Largest id a row can have (PostgreSQL integer). */
export const MAX_ID = 2_147_483_647

/**
 * A whole number taken from a request (path segment or query value), bounded to [min, max]; otherwise a 400
 * naming the field and the rule, so nothing out of range reaches the database.
 */
export function boundedInteger(raw: unknown, field: string, min: number, max: number): number {
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) {
    throw new BadRequest(`"${field}" must be a whole number`, errorData('errors:query.wrongType', { field, kind: 'positiveWholeNumber' }))
  }
  const digits = raw.replace(/^0+(?=\d)/, '')
  // Compared as text first: a number of many digits would lose precision as a float.
  if (digits.length > String(max).length || Number(digits) > max) {
    throw new BadRequest(`"${field}" must be at most ${max}`, errorData('errors:query.maximum', { field, limit: max }))
  }
  const value = Number(digits)
  if (value < min) throw new BadRequest(`"${field}" must be at least ${min}`, errorData('errors:query.minimum', { field, limit: min }))
  return value
}

/** The `client` query parameter: a company number. */
export function companyParam(ctx: Context): number {
  const raw = ctx.query.client
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    throw new BadRequest('Query parameter "client" must be a company number', errorData('errors:query.wrongType', { field: 'client', kind: 'companyNumber' }))
  }
  return Number(raw)
}

/** The upload's optional `type` query parameter; names are own entries only (`__proto__` or `constructor` are not types). */
export function typeParam(ctx: Context): UploadType | undefined {
  const raw = ctx.query.type
  if (raw === undefined || raw === '') return undefined
  const type = typeof raw === 'string' ? raw.toLowerCase() : undefined
  if (type !== undefined && isUploadType(type)) return type
  const values = UPLOAD_TYPES.join(', ')
  throw new BadRequest(`Query parameter "type" must be one of ${values}`, errorData('errors:query.allowedValues', { field: 'type', values }))
}

/** The upload's optional `editor` query parameter: "1" or "true" takes the files into the document editor as batches. */
export function editorParam(ctx: Context): boolean {
  return ctx.query.editor === '1' || ctx.query.editor === 'true'
}

/**
 * The one byte range of a `Range: bytes=a-b` header (also `a-` and the suffix `-n`) within a file of `size` bytes;
 * undefined for a header that is no single byte range (the whole file is sent, as RFC 9110 allows), 'unsatisfiable'
 * for a range wholly past the end (416).
 */
export function byteRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match || (match[1] === '' && match[2] === '')) return undefined
  if (match[1] === '') {
    const suffix = Number(match[2])
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(match[1])
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  if (start >= size) return 'unsatisfiable'
  if (end < start) return undefined
  return { start, end }
}

/**
 * The upload's optional `note` query parameter: the client's note for the firm (camera captures, issue 36). Text of
 * several lines by the SDK's text rule, at most MAX_CAPTURE_NOTE_LENGTH characters; blank is none.
 */
export function noteParam(ctx: Context): string | undefined {
  const raw = ctx.query.note
  if (raw === undefined) return undefined
  if (typeof raw !== 'string') throw new BadRequest('Query parameter "note" must be a text', errorData('errors:query.wrongType', { field: 'note', kind: 'string' }))
  const problem = textProblem(raw, 'multiline')
  if (problem) throw new BadRequest(`Query parameter "note" ${TEXT_PROBLEMS[problem].english}`, errorData(TEXT_PROBLEMS[problem].key, { field: 'note' }))
  const note = raw.trim()
  if (note.length > MAX_CAPTURE_NOTE_LENGTH) {
    throw new BadRequest(`Query parameter "note" must be at most ${MAX_CAPTURE_NOTE_LENGTH} characters long`, errorData('errors:query.maxLength', { field: 'note', limit: MAX_CAPTURE_NOTE_LENGTH }))
  }
  return note === '' ? undefined : note
}
