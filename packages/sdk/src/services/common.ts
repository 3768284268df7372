import { Type, type Static, type StringOptions, type TLiteral, type TUnion } from '@feathersjs/typebox'
import type { TextKind } from '../validators/text'

/** A company number as the portal passes it in queries (`client`, `client_no`). */
export const companyNoSchema = Type.Integer({ minimum: 1, maximum: 2147483647 })

/** The accounting-system id (e.g. 'bmd'); must equal the server's config.defaultAccountSystem. */
export const accountSystemSchema = Type.String({ minLength: 1, maxLength: 32, pattern: '^[a-z][a-z0-9_-]*$' })

/**
 * A date YYYY-MM-DD. The server checks `format: 'date'` by the one date rule of `validators/dates` (a real calendar
 * day from 1900 to 2199), so every date field of every schema is this one.
 */
export const dateSchema = Type.String({ format: 'date' })

/**
 * Text of several lines (a remark, a reason): line feeds and tabs pass, no other control character. Any other
 * string of a schema is single-line text (no control character at all); the server's guard checks both by the text
 * rule of `validators/text`.
 */
export function multiLineText(options: StringOptions<string> = {}) {
  return Type.String({ ...options, text: 'multiline' satisfies TextKind })
}

/** A file's text sent in a field (a bank statement, an ERP result file): any character a file holds but NUL and lone surrogates. */
export function fileText(options: StringOptions<string> = {}) {
  return Type.String({ ...options, text: 'content' satisfies TextKind })
}

/** An accounting year such as 2025. */
export const accountingYearSchema = Type.Integer({ minimum: 1900, maximum: 9999 })

/** The list of accounting years passed to acc-cost and acc-books. */
export const accountingListSchema = Type.Array(accountingYearSchema, { minItems: 1, maxItems: 50, uniqueItems: true })

/** Largest `$limit` any paginated service accepts; larger values are refused, not clamped. */
export const MAX_PAGE_SIZE = 10000

/**
 * The longest file content a socket message may carry (characters): the server's socket takes messages of at most
 * 2 MB and drops the connection on a larger one. Larger import files go through the import door (import-files.ts).
 */
export const MAX_SOCKET_IMPORT_CHARS = 1_900_000

/** The largest whole number a query or a record id may carry: the database's integer range. */
export const MAX_INTEGER = 2147483647

/** `$skip` of paginated services: bounded, so a huge number is refused instead of reaching the database. */
export const skipSchema = Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_INTEGER }))

/** `$limit` / `$skip` of paginated services. */
export const pageSchemas = {
  $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_SIZE })),
  $skip: skipSchema,
}

/** A `$sort` schema allowing ascending (1) or descending (-1) on the given fields only. */
export function sortSchema<K extends string>(fields: readonly K[]) {
  const properties: Record<string, TUnion<[TLiteral<1>, TLiteral<-1>]>> = {}
  for (const field of fields) properties[field] = Type.Union([Type.Literal(1), Type.Literal(-1)])
  return Type.Optional(Type.Partial(Type.Object(properties, { additionalProperties: false })))
}

/** A `$select` schema allowing the given fields only. */
export function selectSchema<K extends string>(fields: readonly K[]) {
  // A plain enum, so a refusal names the allowed fields instead of one failure per literal.
  const items = Type.Unsafe<K>({ type: 'string', enum: [...fields] })
  return Type.Optional(Type.Array(items, { uniqueItems: true, minItems: 1, maxItems: fields.length }))
}

/** The answer of a paginated find. */
export interface Page<T> {
  total: number
  limit: number
  skip: number
  data: T[]
}

/** Params a typed client call takes: a query and nothing the server would trust blindly. */
export interface QueryParams<Q> {
  query?: Q
}

/** A record id as Feathers passes it. */
export type RecordId = number | string

/** The find method of a typed client service. */
export interface Finds<Q, R> {
  find(params?: QueryParams<Q>): Promise<R>
}

/** The get method of a typed client service. */
export interface Gets<T> {
  get(id: RecordId, params?: QueryParams<Record<string, never>>): Promise<T>
}

/** The create method of a typed client service. */
export interface Creates<T, D> {
  create(data: D, params?: QueryParams<Record<string, never>>): Promise<T>
}

/** The patch method of a typed client service (one record by id; multi-patch is not offered). */
export interface Patches<T, P> {
  patch(id: RecordId, data: P, params?: QueryParams<Record<string, never>>): Promise<T>
}

/** The remove method of a typed client service (one record by id; multi-remove is not offered). */
export interface Removes<T> {
  remove(id: RecordId, params?: QueryParams<Record<string, never>>): Promise<T>
}

/** Static type of an accounting-system id. */
export type AccountSystem = Static<typeof accountSystemSchema>
