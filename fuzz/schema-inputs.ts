/**
 * Valid inputs made from the SDK's TypeBox schemas, and every string field in them: the bad-input fuzz puts one bad
 * string at one field of an otherwise valid call, so the refusal must name that field.
 */

type Node = Record<string, unknown>

/** One string field of a schema: where it is (as a refusal names it), its schema, and the call with a value put there. */
export interface StringField {
  /** The field as the server's refusal names it: `name`, `lines[0].amount`, `allowed_senders[0]`. */
  path: string
  schema: Node
  /** Whether the field lies in one shape of a schema of several (a union of objects such as the editor's actions). */
  inUnion: boolean
  /** The whole input with `value` at this field and a valid value everywhere else it needs one. */
  make(value: unknown): unknown
}

const UUID = '00000000-0000-4000-8000-000000000000'

// Values tried for a string with a pattern, the first that fits is taken.
const PATTERN_CANDIDATES = ['bmd', 'ded', 'p1', '1-1', '2026-03', '1.00', 'a@b.at', 'x.csv', 'QUJD', 'users.update', 'Empfang', 'AT', '1', 'a']

function sampleString(schema: Node): string {
  if (schema.format === 'date') return '2026-01-15'
  if (schema.format === 'uuid') return UUID
  if (schema.format === 'email') return 'fuzz@example.com'
  const min = typeof schema.minLength === 'number' ? schema.minLength : 1
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY
  const fits = (text: string) => text.length >= min && text.length <= max && (typeof schema.pattern !== 'string' || new RegExp(schema.pattern, 'u').test(text))
  return PATTERN_CANDIDATES.find(fits) ?? 'a'.repeat(Math.max(min, 1))
}

function sampleNumber(schema: Node): number {
  const low = typeof schema.minimum === 'number' ? schema.minimum : 1
  const high = typeof schema.maximum === 'number' ? schema.maximum : low + 1
  return Math.min(Math.max(low, 1), high)
}

/** A valid value of `schema` (best effort: the smallest object with every required field). */
export function sampleOf(node: unknown): unknown {
  const schema = (node ?? {}) as Node
  if ('const' in schema) return schema.const
  if (Array.isArray(schema.enum)) return schema.enum[0]
  if (Array.isArray(schema.anyOf)) {
    const options = schema.anyOf as Node[]
    return sampleOf(options.find((option) => option.type !== 'null') ?? options[0])
  }
  switch (schema.type) {
    case 'string':
      return sampleString(schema)
    case 'integer':
    case 'number':
      return sampleNumber(schema)
    case 'boolean':
      return false
    case 'null':
      return null
    case 'array': {
      const count = typeof schema.minItems === 'number' ? schema.minItems : 0
      return Array.from({ length: count }, () => sampleOf(schema.items))
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Node>
      const required = (schema.required ?? []) as string[]
      return Object.fromEntries(required.map((name) => [name, sampleOf(properties[name])]))
    }
    default:
      return null
  }
}

/** Every string field of `schema` that takes free text (no literal or list of values), with a maker for each. */
export function stringFields(node: unknown, path = '', make: (value: unknown) => unknown = (value) => value, inUnion = false): StringField[] {
  const schema = (node ?? {}) as Node
  if ('const' in schema || Array.isArray(schema.enum)) return []
  const found: StringField[] = []
  if (Array.isArray(schema.anyOf)) {
    const options = schema.anyOf as Node[]
    const objects = options.filter((option) => option.type === 'object').length > 1
    for (const option of options) found.push(...stringFields(option, path, make, inUnion || objects))
  }
  if (schema.type === 'string') found.push({ path, schema, inUnion, make })
  if (schema.type === 'object' && schema.properties) {
    for (const [name, child] of Object.entries(schema.properties as Record<string, Node>)) {
      const childMake = (value: unknown) => make({ ...(sampleOf(schema) as Node), [name]: value })
      found.push(...stringFields(child, path ? `${path}.${name}` : name, childMake, inUnion))
    }
  }
  if (schema.type === 'array' && schema.items) {
    found.push(...stringFields(schema.items, `${path}[0]`, (value) => make([value]), inUnion))
  }
  return found
}
