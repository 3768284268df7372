/**
 * The one rule for text that reaches PostgreSQL from outside: it may not hold a NUL character (U+0000), which no
 * text, varchar or jsonb column can store (22021, 22P05), so it would fail deep in a query as a 500 instead of being
 * refused where it came in. Fields of a call are checked by the guard (hooks/validate.ts), the text of an import file
 * by its reader (FON and contribution-account tables, bank statements, ERP results), each naming where it is.
 */

const NUL = '\u0000'

/** Whether a text holds a NUL character. */
export function hasNul(text: string): boolean {
  return text.includes(NUL)
}

/** Where the first NUL of a file's text is: its 1-based line and column (characters); null when it has none. */
export function nulPosition(text: string): { line: number; column: number } | null {
  const index = text.indexOf(NUL)
  if (index < 0) return null
  const lines = text.slice(0, index).split(/\r\n|\n|\r/)
  return { line: lines.length, column: lines[lines.length - 1].length + 1 }
}

/** A text as it may be stored and shown: each NUL replaced by U+2400 (the visible symbol for NUL). */
export function withoutNul(text: string): string {
  return text.replaceAll(NUL, '\u2400')
}

/**
 * A copy of a JSON value (an error's reason, about to be stored as jsonb) whose strings and keys hold no NUL: what
 * is recorded about a refusal must be storable whatever the refused request carried.
 */
export function storableJson<T>(value: T): T {
  if (typeof value === 'string') return withoutNul(value) as T
  if (Array.isArray(value)) return value.map((item: unknown) => storableJson(item)) as T
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [withoutNul(key), storableJson(item as unknown)])) as T
}
