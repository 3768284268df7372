import { describe, expect, it } from 'vitest'
import { serviceDescriptors } from './index'

type Node = Record<string, unknown>

/** Every string field of an input schema by its path (`lines[].amount`), with its schema. */
function stringFields(node: unknown, path: string): [string, Node][] {
  if (typeof node !== 'object' || node === null) return []
  const schema = node as Node
  const found: [string, Node][] = schema.type === 'string' ? [[path, schema]] : []
  for (const [name, child] of Object.entries((schema.properties as Node | undefined) ?? {})) found.push(...stringFields(child, path ? `${path}.${name}` : name))
  if (schema.items) found.push(...stringFields(schema.items, `${path}[]`))
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) for (const option of (schema[key] as unknown[] | undefined) ?? []) found.push(...stringFields(option, path))
  return found
}

const inputs = serviceDescriptors.flatMap((descriptor) =>
  (['query', 'data', 'patch'] as const).flatMap((part) => stringFields(descriptor.schemas[part], '').map(([field, schema]) => ({ at: `${descriptor.path}.${part}.${field}`, field, schema }))),
)

// Issue 30: payments.create took paid_on as a plain string, so 2026-02-30 reached the database (500). Every field
// that holds a date is the SDK's dateSchema, which the server checks by the one date rule.
describe('input string fields', () => {
  it('are found', () => {
    expect(inputs.length).toBeGreaterThan(100)
  })

  it('take every date as a date', () => {
    const dateNamed = inputs.filter(({ field }) => /(^|[._])(date|from|to|today|paid_on)$|_date$|date_(from|to)$/.test(field))
    expect(dateNamed.map(({ at }) => at)).toEqual(expect.arrayContaining(['payments.data.paid_on', 'bank-transactions.query.from', 'unpaid-items.query.today']))
    expect(dateNamed.filter(({ schema }) => schema.format !== 'date').map(({ at }) => at)).toEqual([])
  })

  it('are single-line text but for the remarks, reasons and file contents that say otherwise', () => {
    const kinds = inputs.filter(({ schema }) => schema.text !== undefined).map(({ at, schema }) => `${at}: ${String(schema.text)}`)
    expect(kinds.sort()).toEqual([
      'bank-approvals.patch.reason: multiline',
      'bank-statements.data.content: content',
      'document-approvals.data.text: multiline',
      'document-bookings.patch.reason: multiline',
      // Issue 34: what people write to each other — comments, a request, its answer and its thread — has lines.
      'document-comments.data.text: multiline',
      'document-comments.patch.text: multiline',
      'document-request-messages.data.text: multiline',
      'document-requests.data.text: multiline',
      'document-requests.patch.answer: multiline',
      'erp-import-results.data.content: content',
      'fon-imports.data.content: content',
      'fon-items.patch.remark: multiline',
      'sv-imports.data.content: content',
    ])
  })
})
