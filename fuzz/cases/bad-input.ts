import { serviceDescriptors } from '../../packages/sdk/src/services/index'
import { assertValid } from '../../packages/server/src/hooks/validate'
import type { Answer } from '../answers'
import type { FuzzCase } from '../case'
import type { Rng } from '../random'
import { sampleOf, stringFields, type StringField } from '../schema-inputs'
import { emitCall, type Identity } from '../sockets'

const CATEGORY = 'bad input'

/** One kind of bad string: the value, which fields it is bad for, and the refusal keys that name its rule. */
interface BadKind {
  name: string
  applies(field: StringField): boolean
  value(field: StringField): string
  keys: string[]
}

/**
 * The field's own rules of form (pattern, length, date, format): a control character in `country` (2 letters) or an
 * IBAN breaks these too, and ajv names them first; the refusal is still of the right field.
 */
const FORM_RULES = ['validation:pattern', 'validation:maxLength', 'validation:minLength', 'validation:date', 'errors:query.format']

const kindOf = (field: StringField) => (field.schema.text as string | undefined) ?? 'line'
const maxLength = (field: StringField) => (typeof field.schema.maxLength === 'number' ? field.schema.maxLength : undefined)

// Issue 30: lone surrogates answered 500 or were stored as U+FFFD, control characters were stored and reached the
// terminal, impossible dates answered 500, an over-long value in a schema of several shapes named another field.
const KINDS: BadKind[] = [
  { name: 'lone high surrogate', applies: () => true, value: () => 'a\ud800b', keys: ['errors:query.loneSurrogate'] },
  { name: 'lone low surrogate', applies: () => true, value: () => '\udc00', keys: ['errors:query.loneSurrogate'] },
  { name: 'terminal escape', applies: (f) => kindOf(f) !== 'content', value: () => 'x\u001b[2Jy', keys: ['errors:query.controlCharacter', ...FORM_RULES] },
  { name: 'bell', applies: (f) => kindOf(f) !== 'content', value: () => 'ring\u0007', keys: ['errors:query.controlCharacter', ...FORM_RULES] },
  { name: 'C1 control', applies: (f) => kindOf(f) !== 'content', value: () => 'csi\u009b31m', keys: ['errors:query.controlCharacter', ...FORM_RULES] },
  { name: 'line break', applies: (f) => kindOf(f) === 'line', value: () => 'two\nlines', keys: ['errors:query.lineBreak', ...FORM_RULES] },
  { name: 'impossible date', applies: (f) => f.schema.format === 'date', value: () => '2026-02-30', keys: ['validation:date'] },
  { name: 'date out of range', applies: (f) => f.schema.format === 'date', value: () => '9999-99-99', keys: ['validation:date'] },
  {
    name: 'over-long',
    applies: (f) => maxLength(f) !== undefined && maxLength(f)! <= 5000,
    value: (f) => 'x'.repeat(maxLength(f)! + 1),
    keys: FORM_RULES,
  },
]

/** The method whose input each schema is. */
const METHOD_OF = { query: 'find', data: 'create', patch: 'patch' } as const

/**
 * Who sends the input: the administrator, who may call every method; the own-account service as the client user,
 * since a bad string it let through would reach a password check and a wrong password counts towards locking the
 * account the run signs in with again at its end (seen before the fix: the run ended locked out, without a table).
 */
function identityFor(path: string): Identity {
  return path === 'account-security' ? 'client' : 'admin'
}

/** Whether the call would pass the server's validation with a valid value at the field (then the refusal must name it). */
function validWithout(schema: Parameters<typeof assertValid>[0], field: StringField, part: 'query' | 'data'): boolean {
  try {
    assertValid(schema, field.make(sampleOf(field.schema)), part)
    return true
  } catch {
    return false
  }
}

/** What an answer to a bad string must be: a 4xx; a 400 of validation names the field and one of the kind's rules. */
function judged(answer: Answer, field: StringField, kind: BadKind, exact: boolean): Answer {
  if (answer.status >= 200 && answer.status < 300) return { ...answer, wrong: `a ${kind.name} in "${field.path}" was accepted` }
  if (!exact || answer.status !== 400) return answer
  const error = JSON.parse(answer.body) as { data?: { key?: string; params?: { field?: string } } }
  const named = error.data?.params?.field
  const key = error.data?.key ?? ''
  if (named !== field.path || !kind.keys.includes(key)) return { ...answer, wrong: `refused as ${key} of "${named}" instead of ${kind.keys[0]} of "${field.path}"` }
  return answer
}

/**
 * Every string field of every service's input schema (find's query, create's and patch's data) with each kind of bad
 * string that applies, in an otherwise valid call (see identityFor): never a 5xx,
 * never accepted, and where the rest of the call is valid the refusal names the field and the rule.
 */
export function badInputCases(rng: Rng, count: number): FuzzCase[] {
  const cases: FuzzCase[] = []
  for (const descriptor of serviceDescriptors) {
    if (descriptor.path === 'authentication') continue
    for (const part of ['query', 'data', 'patch'] as const) {
      const schema = descriptor.schemas[part]
      const method = METHOD_OF[part]
      if (!schema || !(descriptor.methods as readonly string[]).includes(method)) continue
      for (const field of stringFields(schema)) {
        const exact = validWithout(schema, field, part === 'query' ? 'query' : 'data')
        for (const kind of KINDS) {
          if (!kind.applies(field) || (kind.name === 'over-long' && !field.inUnion && rng.chance(0.5))) continue
          const input = field.make(kind.value(field))
          const args = method === 'find' ? [descriptor.path, input] : method === 'create' ? [descriptor.path, input, {}] : [descriptor.path, 1, input, {}]
          cases.push({
            category: CATEGORY,
            description: `${descriptor.path}.${method}: ${kind.name} in ${field.path}${exact ? '' : ' (rest of the call not valid)'}`,
            run: async (context, signal) => judged(await emitCall(await context.sockets.socket(identityFor(descriptor.path)), method, args, signal), field, kind, exact),
          })
        }
      }
    }
  }
  // At scale 1 every field and kind is sent; a smaller scale sends a seeded choice of them.
  while (cases.length > count) cases.splice(rng.int(0, cases.length - 1), 1)
  return cases
}
