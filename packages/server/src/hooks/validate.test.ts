import { describe, expect, it } from 'vitest'
import {
  accSuppliersQuerySchema,
  accountSecurityDataSchema,
  aggregatorQuerySchema,
  bankStatementDataSchema,
  documentEditorPatchSchema,
  documentSearchQuerySchema,
  fonItemPatchSchema,
  paymentDataSchema,
} from '@portal/sdk/services'
import { withTextRule } from './text-rule'
import { assertNoNul, assertStorableText, assertValid } from './validate'

type Refusal = { name: string; message: string; data: { key: string; params: Record<string, unknown> } }

/** The BadRequest `check` throws (fails the test when it throws none). */
function refusalOf(check: () => void): Refusal {
  try {
    check()
  } catch (error) {
    return error as Refusal
  }
  throw new Error('expected a refusal')
}

const refusal = (schema: Parameters<typeof assertValid>[0], value: unknown) => refusalOf(() => assertValid(schema, value, 'query'))
const dataRefusal = (schema: Parameters<typeof assertValid>[0], value: unknown) => refusalOf(() => assertValid(schema, value, 'data'))
const textRefusal = (value: unknown) => refusalOf(() => assertStorableText(value, 'id'))

const suppliers = { client: 1001, acc: 'bmd', types: [3, 4] }

describe('query validation', () => {
  it('accepts the queries the portal sends', () => {
    expect(() => assertValid(accSuppliersQuerySchema, { ...suppliers, $limit: 10, $sort: { name: -1 } }, 'query')).not.toThrow()
    expect(() =>
      assertValid(aggregatorQuerySchema, { client_no: 1, aggregated: true, type: 'ER_U', fullText: null, $select: ['id'] }, 'query'),
    ).not.toThrow()
  })

  it('names an unknown $select or $sort field', () => {
    expect(refusal(accSuppliersQuerySchema, { ...suppliers, $select: ['password_hash'] })).toMatchObject({
      name: 'BadRequest',
      message: 'Unknown field "password_hash" in $select',
      data: { key: 'errors:query.unknownField', params: { field: 'password_hash', param: '$select' } },
    })
    expect(refusal(accSuppliersQuerySchema, { ...suppliers, $sort: { secret: 1 } }).data.params).toMatchObject({
      field: 'secret',
      param: '$sort',
    })
  })

  it('refuses negative and oversized $limit', () => {
    for (const $limit of [-1, 10001, 1.5]) {
      expect(refusal(accSuppliersQuerySchema, { ...suppliers, $limit }).data.key).toBe('errors:query.invalidLimit')
    }
  })

  it('refuses operators that are not allowed and wrong types', () => {
    expect(refusal(accSuppliersQuerySchema, { ...suppliers, $or: [{ name: 'x' }] })).toMatchObject({
      data: { key: 'errors:query.operatorNotAllowed', params: { operator: '$or' } },
    })
    expect(refusal(accSuppliersQuerySchema, { ...suppliers, client: '1001' })).toMatchObject({
      message: 'Field "client" must be of type integer',
      data: { key: 'errors:query.wrongType', params: { field: 'client', kind: 'integer' } },
    })
    expect(refusal(accSuppliersQuerySchema, { ...suppliers, types: [3, 9] })).toMatchObject({
      message: 'Field "types[1]" must be one of 2, 3, 4',
      data: { key: 'errors:query.allowedValues', params: { field: 'types[1]', values: '2, 3, 4' } },
    })
  })

  it('names a missing required field', () => {
    expect(refusal(accSuppliersQuerySchema, { acc: 'bmd', types: [3] })).toMatchObject({
      message: 'Field "client" is required',
      data: { key: 'errors:query.required', params: { field: 'client' } },
    })
  })

  it('uses the form messages for length and format rules, naming the field', () => {
    expect(refusal(accSuppliersQuerySchema, { ...suppliers, search: 'x'.repeat(101) })).toMatchObject({
      message: 'Invalid value for "search": must NOT have more than 100 characters',
      data: { key: 'validation:maxLength', params: { field: 'search', max: 100 } },
    })
    expect(refusal(accSuppliersQuerySchema, { ...suppliers, acc: 'B M D' })).toMatchObject({
      data: { key: 'validation:pattern', params: { field: 'acc' } },
    })
    expect(refusal(accSuppliersQuerySchema, { ...suppliers, $skip: -1 })).toMatchObject({
      message: 'Invalid value for "$skip": must be >= 0',
      data: { key: 'errors:query.minimum', params: { field: '$skip', limit: 0 } },
    })
  })

  it('names the $limit of the service, and bounds $skip', () => {
    expect(refusal(documentSearchQuerySchema, { client_no: 1, q: 'x', $limit: 51 })).toMatchObject({
      message: '$limit must be a whole number from 0 to 50',
      data: { key: 'errors:query.invalidLimit', params: { field: '$limit', max: 50 } },
    })
    expect(refusal(accSuppliersQuerySchema, { ...suppliers, $skip: 1e20 })).toMatchObject({
      data: { key: 'errors:query.maximum', params: { field: '$skip', limit: 2147483647 } },
    })
  })
})

describe('NUL characters', () => {
  const nulRefusal = (value: unknown, part: string) => refusalOf(() => assertNoNul(value, part))

  it('names the field that holds one, however deep', () => {
    expect(nulRefusal('a\u0000', 'id')).toMatchObject({ name: 'BadRequest', data: { key: 'errors:query.invalidCharacter', params: { field: 'id' } } })
    expect(nulRefusal({ q: 'x\u0000' }, 'query').data.params.field).toBe('q')
    expect(nulRefusal({ a: { b: ['ok', '\u0000'] } }, 'data').data.params.field).toBe('a.b[1]')
  })

  it('lets everything else pass', () => {
    expect(() => assertNoNul({ q: 'Rechnung Jänner', n: 1, list: [null, true, { x: '' }] }, 'query')).not.toThrow()
    expect(() => assertNoNul(undefined, 'id')).not.toThrow()
  })
})

describe('text in every string field (issue 30)', () => {
  it('refuses a lone surrogate anywhere, keys included, before any schema', () => {
    for (const [value, field] of [
      ['a\ud800b', 'id'],
      [{ name: 'x\udc00' }, 'name'],
      [{ response: { clientDataJSON: '\ud800' } }, 'response.clientDataJSON'],
      [{ list: ['ok', '\ud83d'] }, 'list[1]'],
      [{ ['k\ud800']: 1 }, 'k\ufffd'],
    ] as const) {
      expect(textRefusal(value)).toMatchObject({ name: 'BadRequest', data: { key: 'errors:query.loneSurrogate', params: { field } } })
    }
    expect(textRefusal({ q: 'x\u0000' })).toMatchObject({ data: { key: 'errors:query.invalidCharacter', params: { field: 'q' } } })
    expect(() => assertStorableText({ name: 'Grüße 😀', memo: 'a\nb\u001b' }, 'data')).not.toThrow()
  })

  it('refuses control characters in single-line fields by the schema, and keeps lines where the schema says so', () => {
    expect(refusal(accSuppliersQuerySchema, { ...suppliers, search: 'x\u001b[2J' })).toMatchObject({
      message: 'Field "search" contains a control character',
      data: { key: 'errors:query.controlCharacter', params: { field: 'search' } },
    })
    expect(refusal(accSuppliersQuerySchema, { ...suppliers, search: 'two\nlines' }).data).toEqual({ key: 'errors:query.lineBreak', params: { field: 'search' } })
    expect(() => assertValid(fonItemPatchSchema, { action: 'resolve', remark: 'line one\n\tline two' }, 'data')).not.toThrow()
    expect(dataRefusal(fonItemPatchSchema, { action: 'resolve', remark: 'ring\u0007' }).data).toEqual({ key: 'errors:query.controlCharacter', params: { field: 'remark' } })
    expect(() => assertValid(bankStatementDataSchema, { client: 1001, file_name: 'a.csv', content: 'a;b\r\n\u001a' }, 'data')).not.toThrow()
  })

  it('marks every string schema with its kind of text', () => {
    expect(withTextRule({ type: 'object', properties: { a: { type: 'string' }, b: { anyOf: [{ type: 'string', text: 'multiline' }, { type: 'null' }] } } })).toEqual({
      type: 'object',
      properties: { a: { type: 'string', text: 'line' }, b: { anyOf: [{ type: 'string', text: 'multiline' }, { type: 'null' }] } },
    })
  })
})

describe('dates (issue 30)', () => {
  it('refuses days that do not exist and years out of range, naming the rule', () => {
    for (const paid_on of ['2026-02-30', '9999-99-99', '9999-12-31', '1899-12-31']) {
      expect(dataRefusal(paymentDataSchema, { booking_id: 1, paid_on, amount: '1.00', method: 'cash' })).toMatchObject({
        message: 'Invalid value for "paid_on": must be a real date YYYY-MM-DD from 1900 to 2199',
        data: { key: 'validation:date', params: { field: 'paid_on', minYear: 1900, maxYear: 2199 } },
      })
    }
    expect(() => assertValid(paymentDataSchema, { booking_id: 1, paid_on: '2024-02-29', amount: '1.00', method: 'cash' }, 'data')).not.toThrow()
  })
})

describe('schemas of several shapes (issue 30)', () => {
  it('names the field and rule of the shape the input meant', () => {
    expect(dataRefusal(documentEditorPatchSchema, { action: 'renameDocument', part: 'p1', name: 'x'.repeat(201) })).toMatchObject({
      data: { key: 'validation:maxLength', params: { field: 'name', max: 200 } },
    })
    expect(dataRefusal(accountSecurityDataSchema, { action: 'passkeyRename', id: 'k', name: 'x'.repeat(65) })).toMatchObject({
      data: { key: 'validation:maxLength', params: { field: 'name', max: 64 } },
    })
    expect(dataRefusal(documentEditorPatchSchema, { action: 'rotate', pages: ['1-1'], degrees: 45 }).data).toMatchObject({ key: 'errors:query.allowedValues', params: { field: 'degrees', values: '90, 180, 270' } })
    expect(dataRefusal(documentEditorPatchSchema, { action: 'cut', page: '1-1', extra: 1 }).data).toMatchObject({ key: 'errors:query.unknownField', params: { field: 'extra' } })
  })

  it('names the literal field and its values when the input matches no shape', () => {
    const refused = dataRefusal(accountSecurityDataSchema, { action: 'frobnicate' })
    expect(refused.data.key).toBe('errors:query.allowedValues')
    expect(refused.data.params.field).toBe('action')
    expect(String(refused.data.params.values)).toContain('"passkeyRename"')
  })

  it('keeps the rules of unions of plain values', () => {
    expect(refusal(aggregatorQuerySchema, { client_no: 1, type: 'ER_U', fullText: 5 })).toMatchObject({
      data: { key: 'errors:query.wrongTypes', params: { field: 'fullText', kind: 'string', otherKind: 'null' } },
    })
    expect(refusal(aggregatorQuerySchema, { client_no: 1, type: 'ER_U', fullText: 'x'.repeat(201) }).data).toMatchObject({ key: 'validation:maxLength', params: { field: 'fullText' } })
    expect(refusal(accSuppliersQuerySchema, { ...suppliers, $sort: { name: 2 } }).data).toMatchObject({ key: 'errors:query.allowedValues', params: { field: '$sort.name', values: '1, -1' } })
  })
})
