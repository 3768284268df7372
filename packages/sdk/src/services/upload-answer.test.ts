import { describe, expect, it } from 'vitest'
import { Ajv } from '@feathersjs/schema'
import { Value } from '@sinclair/typebox/value'
import { documentHashesResponseSchema, uploadResponseSchema, type UploadResponse } from './documents'

const sha256 = 'a'.repeat(64)

/** The three outcomes exactly as the server's intake writes them. */
const answer: UploadResponse = {
  results: [
    { file: 'a.pdf', status: 'uploaded', documentId: 12, sha256 },
    {
      file: 'b.pdf',
      status: 'exists',
      documentId: 12,
      sha256,
      error: { key: 'errors:document.alreadyExists', params: { file: 'b.pdf', id: 12 }, message: 'Document already exists' },
    },
    { file: 'c.txt', status: 'refused', error: { key: 'documents:refusal.unsupportedType', params: { file: 'c.txt' }, message: 'refusal.unsupportedType' } },
  ],
}

// The CLI checks answers with TypeBox's Value.Check, tests and servers with AJV: both must read the schema alike.
const checks = {
  'Value.Check': (schema: object, value: unknown) => Value.Check(schema as typeof uploadResponseSchema, value),
  AJV: (schema: object, value: unknown) => new Ajv({ strict: false }).validate(schema, value) as boolean,
}

describe.each(Object.entries(checks))('the upload answers (%s)', (_name, check) => {
  it('accept what the server sends', () => {
    expect(check(uploadResponseSchema, answer)).toBe(true)
    expect(check(documentHashesResponseSchema, { existing: [{ sha256, documentId: 3 }] })).toBe(true)
  })

  it('refuse shapes a client would have to guess at', () => {
    expect(check(uploadResponseSchema, { results: [{ file: 'a.pdf', status: 'ok' }] })).toBe(false)
    expect(check(uploadResponseSchema, [{ file: 'a.pdf', status: 'uploaded' }])).toBe(false)
    expect(check(uploadResponseSchema, { results: [{ file: 'a.pdf', status: 'refused', error: { key: 'x', message: 'no params' } }] })).toBe(false)
    expect(check(documentHashesResponseSchema, { known: [sha256] })).toBe(false)
    expect(check(documentHashesResponseSchema, { existing: [{ sha256: 'A'.repeat(64), documentId: 3 }] })).toBe(false)
  })
})
