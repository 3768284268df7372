/**
 * Browser stand-in for `@feathersjs/typebox` (see vite.config.ts). The SDK's service contracts only build
 * schemas with `Type` and `StringEnum`; the real package also loads AJV and its formats (~60 kB gzip) for
 * server-side validation, which the portal never runs.
 */
import { Type, type TSchema, type TUnsafe } from '@sinclair/typebox'

export { Type }

/** A string limited to the given values, as @feathersjs/typebox builds it. */
export function StringEnum<T extends string[]>(allowedValues: [...T], options?: Record<string, unknown>): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: allowedValues, ...options })
}

/** Kept for type-only imports that name it. */
export type { TSchema }
