import { Ajv, addFormats } from '@feathersjs/schema'
import type { TSchema } from '@feathersjs/typebox'
import { MAX_PAGE_SIZE } from '@portal/sdk/services'
import { DATE_RULE, TEXT_KINDS, isCalendarDate, textProblem, wellFormed, type TextKind, type TextProblem } from '@portal/sdk/validators'
import { badRequest } from '../policies/index'
import { narrowUnions } from './union-errors'

type ErrorObject = NonNullable<ReturnType<Ajv['compile']>['errors']>[number]

// No type coercion: the socket carries JSON types, and a wrong type is the caller's mistake to hear about.
const ajv = addFormats(new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false }), ['date-time', 'uuid', 'email'])
// Every `date` of every schema is the SDK's one date rule: a real calendar day in a sane range of years.
ajv.addFormat('date', isCalendarDate)

/** The ajv keyword `text` (added to every string schema by `withTextRule`) checks the SDK's text rule of its kind. */
const checkText = Object.assign(
  (kind: TextKind, value: string): boolean => {
    const problem = textProblem(value, kind)
    checkText.errors = problem ? [{ keyword: 'text', message: TEXT_PROBLEMS[problem].english, params: { problem } }] : undefined
    return problem === null
  },
  { errors: undefined as Partial<ErrorObject>[] | undefined },
)
ajv.addKeyword({ keyword: 'text', type: 'string', schemaType: 'string', errors: true, validate: checkText })

/** What each text problem answers: the i18n key (namespace errors) and the English rule. */
const TEXT_PROBLEMS: Record<TextProblem, { key: string; english: string }> = {
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

const compiled = new WeakMap<TSchema, ReturnType<Ajv['compile']>>()

function validatorFor(schema: TSchema) {
  let validate = compiled.get(schema)
  if (!validate) {
    validate = ajv.compile(withTextRule(schema) as TSchema)
    compiled.set(schema, validate)
  }
  return validate
}

/** `/types/0` -> `types[0]`: the field as a caller would write it. */
function fieldName(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join('')
}

function valueAt(data: unknown, instancePath: string): unknown {
  let current = data
  for (const part of instancePath.split('/').slice(1)) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<string, unknown>)[part]
  }
  return current
}

/**
 * Picks the error that explains the problem best: in a schema of several shapes, one of the shape the input meant;
 * then the outermost failure of the first failing field.
 */
function primaryError(all: ErrorObject[]): { error: ErrorObject; allowed: unknown[] } {
  const errors = narrowUnions(all)
  const first = errors[0]
  const sameField = errors.filter((e) => e.instancePath === first.instancePath)
  const union = sameField.find((e) => e.keyword === 'anyOf')
  const allowed = sameField.filter((e) => e.keyword === 'const').map((e) => (e.params as { allowedValue: unknown }).allowedValue)
  const typeError = sameField.find((e) => e.keyword === 'type')
  if (union && allowed.length > 0) return { error: union, allowed }
  if (union && typeError && sameField.every((e) => e.keyword === 'type' || e.keyword === 'anyOf')) {
    const types = sameField.filter((e) => e.keyword === 'type').map((e) => (e.params as { type: string }).type)
    return { error: { ...typeError, params: { type: types.join(',') } }, allowed: [] }
  }
  return { error: first, allowed }
}

/** Throws BadRequest naming the field and the rule when `value` does not match `schema`. */
export function assertValid(schema: TSchema, value: unknown, part: 'query' | 'data'): void {
  const validate = validatorFor(schema)
  if (validate(value)) return
  const { error, allowed } = primaryError(validate.errors ?? [])
  const parent = fieldName(error.instancePath)
  const params = error.params as Record<string, unknown>
  if (error.keyword === 'additionalProperties') {
    const name = String(params.additionalProperty)
    if (parent === '' && name.startsWith('$') && part === 'query') {
      throw badRequest(`Query operator "${name}" is not allowed`, 'errors:query.operatorNotAllowed', { operator: name })
    }
    const field = parent ? `${parent}.${name}` : name
    const where = parent || part
    throw badRequest(`Unknown field "${name}" in ${where}`, 'errors:query.unknownField', { field: name, param: where, path: field })
  }
  if (error.keyword === 'enum' && parent.startsWith('$select')) {
    const name = String(valueAt(value, error.instancePath))
    throw badRequest(`Unknown field "${name}" in $select`, 'errors:query.unknownField', { field: name, param: '$select' })
  }
  if (parent === '$limit') {
    // Some services page smaller than MAX_PAGE_SIZE (document-search: 50); name the limit of this one.
    const declared = (schema as { properties?: { $limit?: { maximum?: unknown } } }).properties?.$limit?.maximum
    const max = typeof declared === 'number' ? declared : MAX_PAGE_SIZE
    throw badRequest(`$limit must be a whole number from 0 to ${max}`, 'errors:query.invalidLimit', { field: '$limit', max })
  }
  if (error.keyword === 'type') {
    // The kinds are translation keys (errors:kinds.*): the sentence names them in the reader's language.
    const [kind, otherKind] = String(params.type).split(',')
    const english = String(params.type).split(',').join(' or ')
    if (otherKind) throw badRequest(`Field "${parent}" must be of type ${english}`, 'errors:query.wrongTypes', { field: parent, kind, otherKind })
    throw badRequest(`Field "${parent}" must be of type ${english}`, 'errors:query.wrongType', { field: parent, kind })
  }
  if (error.keyword === 'required') {
    const name = String(params.missingProperty)
    const field = parent ? `${parent}.${name}` : name
    throw badRequest(`Field "${field}" is required`, 'errors:query.required', { field })
  }
  const field = parent || part
  if (allowed.length > 0 || error.keyword === 'enum') {
    const values = (allowed.length > 0 ? allowed : ((params.allowedValues as unknown[]) ?? [])).map((v) => JSON.stringify(v)).join(', ')
    throw badRequest(`Field "${field}" must be one of ${values}`, 'errors:query.allowedValues', { field, values })
  }
  if (error.keyword === 'text') {
    const { key, english } = TEXT_PROBLEMS[(params as { problem: TextProblem }).problem]
    throw badRequest(`Field "${field}" ${english}`, key, { field })
  }
  const rule = error.message ?? 'is invalid'
  const message = `Invalid value for "${field}": ${rule}`
  // Length and format rules reuse the form messages, so a form shows the same text beside the field.
  if (error.keyword === 'minLength') throw badRequest(message, 'validation:minLength', { field, min: Number(params.limit) })
  if (error.keyword === 'maxLength') throw badRequest(message, 'validation:maxLength', { field, max: Number(params.limit) })
  if (error.keyword === 'pattern') throw badRequest(message, 'validation:pattern', { field })
  if (error.keyword === 'format' && params.format === 'date') {
    const dateRule = `must be a real date YYYY-MM-DD from ${DATE_RULE.minYear} to ${DATE_RULE.maxYear}`
    throw badRequest(`Invalid value for "${field}": ${dateRule}`, 'validation:date', { field, ...DATE_RULE })
  }
  if (error.keyword === 'format') throw badRequest(message, 'errors:query.format', { field, kind: String(params.format) })
  const limit = Number(params.limit)
  if (error.keyword === 'minimum') throw badRequest(message, 'errors:query.minimum', { field, limit })
  if (error.keyword === 'maximum') throw badRequest(message, 'errors:query.maximum', { field, limit })
  if (error.keyword === 'minItems') throw badRequest(message, 'errors:query.minItems', { field, limit })
  if (error.keyword === 'maxItems') throw badRequest(message, 'errors:query.maxItems', { field, limit })
  throw badRequest(message, 'errors:query.invalid', { field })
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
