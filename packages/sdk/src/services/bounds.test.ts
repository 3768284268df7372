import { describe, expect, it } from 'vitest'
import * as services from './index'

type Node = Record<string, unknown>

/** Every number in a schema without both bounds, by its path (`$skip`, `klienten[]`, …). */
function unboundedNumbers(node: unknown, path: string): string[] {
  if (typeof node !== 'object' || node === null) return []
  const schema = node as Node
  const found: string[] = []
  // A literal (`const`) or a list of values (`enum`) is bounded by what it lists.
  if ((schema.type === 'integer' || schema.type === 'number') && !('const' in schema) && !('enum' in schema)) {
    const low = typeof schema.minimum === 'number' || typeof schema.exclusiveMinimum === 'number'
    const high = typeof schema.maximum === 'number' || typeof schema.exclusiveMaximum === 'number'
    if (!low || !high) found.push(path || '(root)')
  }
  for (const [name, child] of Object.entries((schema.properties as Node | undefined) ?? {})) {
    found.push(...unboundedNumbers(child, path ? `${path}.${name}` : name))
  }
  if (schema.items) found.push(...unboundedNumbers(schema.items, `${path}[]`))
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const option of (schema[key] as unknown[] | undefined) ?? []) found.push(...unboundedNumbers(option, path))
  }
  if (typeof schema.additionalProperties === 'object') found.push(...unboundedNumbers(schema.additionalProperties, `${path}.*`))
  return found
}

// Every number a caller sends is bounded by its schema, so a huge value is a 400 naming the field, never a
// database error (issue 23: `$skip: 1e20` answered 500).
describe('input schemas', () => {
  // What a service answers is no input, even where its name ends like one (documentRequestSchema: a request record).
  const results = new Set<unknown>(services.serviceDescriptors.map((descriptor) => descriptor.schemas.result).filter(Boolean))
  const inputs = Object.entries(services).filter(([name, schema]) => /(Query|Data|Patch|Request)Schema$/.test(name) && !results.has(schema))

  it('are found', () => {
    expect(inputs.map(([name]) => name)).toEqual(expect.arrayContaining(['usersQuerySchema', 'documentLabelDataSchema', 'documentSearchQuerySchema']))
  })

  it.each(inputs)('%s bounds every number it accepts', (_name, schema) => {
    expect(unboundedNumbers(schema, '')).toEqual([])
  })
})
