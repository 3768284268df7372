import type { Message, MessageParams } from '../i18n/types'

/** The `data` payload the server attaches to an error so clients can show it in their language. */
export interface ErrorData extends Message {
  readonly params: MessageParams
}

/** Builds the `data` of an error: `{ key, params }` (params default to none). */
export function errorData(key: string, params: MessageParams = {}): ErrorData {
  return { key, params }
}

/** The shape of an error as it arrives from Feathers (or any thrown value narrowed to it). */
export interface ErrorLike {
  readonly name?: string
  readonly message?: string
  readonly code?: number
  readonly className?: string
  readonly data?: unknown
}

/** Narrows a thrown value to ErrorLike; non-objects become undefined. */
export function asErrorLike(error: unknown): ErrorLike | undefined {
  return typeof error === 'object' && error !== null ? (error as ErrorLike) : undefined
}

/** The `{ key, params }` an error carries in `data`, when it carries one. */
export function errorDataOf(error: unknown): ErrorData | undefined {
  const data = asErrorLike(error)?.data
  if (typeof data !== 'object' || data === null) return undefined
  const { key, params } = data as { key?: unknown; params?: unknown }
  if (typeof key !== 'string' || key === '') return undefined
  const safeParams = typeof params === 'object' && params !== null ? (params as MessageParams) : {}
  return { key, params: safeParams }
}
