import { TEXT_KINDS, textProblem, wellFormed, type TextKind, type TextProblem } from '@portal/sdk/validators'
import { badRequest } from '../policies/index'

// The SDK's text rule (validators/text.ts) applied to service input: by kind to every string field of a schema
// (the `text` keyword validate.ts gives ajv), and to every string and key of a call before any schema.

/** What each text problem answers: the i18n key (namespace errors) and the English rule. */
export const TEXT_PROBLEMS: Record<TextProblem, { key: string; english: string }> = {
  nul: { key: 'errors:query.invalidCharacter', english: 'contains a character that is not allowed (NUL)' },
  loneSurrogate: { key: 'errors:query.loneSurrogate', english: 'contains half of a character (a lone UTF-16 surrogate)' },
  controlCharacter: { key: 'errors:query.controlCharacter', english: 'contains a control character' },
  lineBreak: { key: 'errors:query.lineBreak', english: 'must be a single line (no line break or tab)' },
}

/** The schema keywords whose values are schemas, or lists or maps of schemas. */
const SCHEMA_KEYWORDS = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'])
const SCHEMA_LISTS = new Set(['anyOf', 'allOf', 'oneOf', 'prefixItems'])
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions'])

/**
 * A copy of `schema` in which every string schema carries the text rule (`text: 'line'` unless it names its kind,
 * as the SDK's multiLineText and fileText do), so one keyword checks every string field of every service.
 */
export function withTextRule(schema: unknown): unknown {
  if (Array.isArray(schema) || schema === null || typeof schema !== 'object') return schema
  const copy: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_KEYWORDS.has(key)) copy[key] = Array.isArray(value) ? value.map(withTextRule) : withTextRule(value)
    else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) copy[key] = value.map(withTextRule)
    else if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') {
      copy[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, withTextRule(child)]))
    } else copy[key] = value
  }
  const isString = copy.type === 'string' || (Array.isArray(copy.type) && copy.type.includes('string'))
  if (isString && copy.text === undefined) copy.text = 'line'
  if (copy.text !== undefined && !TEXT_KINDS.includes(copy.text as TextKind)) throw new Error(`Unknown text kind ${String(copy.text)}`)
  return copy
}

/** How deep assertStorableText looks; the schemas are shallow, so anything deeper is refused by them anyway. */
const TEXT_SEARCH_DEPTH = 16

/**
 * Throws BadRequest when a string in `value` (an id, a query, data), or a key of an object in it, holds what no
 * text field can store: NUL (PostgreSQL refuses it, a 500 deep in a query) or a lone surrogate (not UTF-8: it would
 * fail or be stored as U+FFFD). Runs before the schemas, so it covers fields they leave open (a passkey's response)
 * too; the kind-specific rule (control characters) is the schemas' `text` keyword. `part` names the value when it is
 * a string itself.
 */
export function assertStorableText(value: unknown, part: string): void {
  // [value, its field as a caller writes it ('' for the value itself), depth]
  const pending: [unknown, string, number][] = [[value, '', 0]]
  const refuse = (field: string, problem: TextProblem) => {
    const name = wellFormed(field || part)
    const { key, english } = TEXT_PROBLEMS[problem]
    throw badRequest(`Field "${name}" ${english}`, key, { field: name })
  }
  while (pending.length > 0) {
    const [current, field, depth] = pending.pop()!
    if (typeof current === 'string') {
      const problem = textProblem(current, 'content')
      if (problem) refuse(field, problem)
    }
    if (current === null || typeof current !== 'object' || depth >= TEXT_SEARCH_DEPTH) continue
    for (const [key, child] of Object.entries(current)) {
      const path = Array.isArray(current) ? `${field}[${key}]` : field ? `${field}.${key}` : key
      const keyProblem = textProblem(key, 'content')
      if (keyProblem) refuse(path, keyProblem)
      pending.push([child, path, depth + 1])
    }
  }
}

/** The former name of assertStorableText, from when it refused NUL only. */
export const assertNoNul = assertStorableText
