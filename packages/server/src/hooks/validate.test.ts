import { describe, expect, it } from 'vitest'
import { accSuppliersQuerySchema, aggregatorQuerySchema, documentSearchQuerySchema } from '@portal/sdk/services'
import { assertNoNul, assertValid } from './validate'

function refusal(schema: Parameters<typeof assertValid>[0], value: unknown) {
  try {
    assertValid(schema, value, 'query')
  } catch (error) {
    return error as { name: string; message: string; data: { key: string; params: Record<string, unknown> } }
  }
  throw new Error('expected a refusal')
}

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
  function nulRefusal(value: unknown, part: string) {
    try {
      assertNoNul(value, part)
    } catch (error) {
      return error as { name: string; data: { key: string; params: Record<string, unknown> } }
    }
    throw new Error('expected a refusal')
  }

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
