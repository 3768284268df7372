import { Ajv, addFormats } from '@feathersjs/schema'
import type { TSchema } from '@feathersjs/typebox'
import { MAX_PAGE_SIZE } from '@portal/sdk/services'
import { DATE_RULE, isCalendarDate, textProblem, type TextKind, type TextProblem } from '@portal/sdk/validators'
import { badRequest } from '../policies/index'
import { TEXT_PROBLEMS, withTextRule } from './text-rule'
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

// The walk lives with the text rule (text-rule.ts); re-exported so code that took assertNoNul from here keeps working.
export { assertNoNul, assertStorableText } from './text-rule'
