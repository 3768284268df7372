import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Ajv } from '@feathersjs/schema'
import { aggregatorQuerySchema } from '../services/aggregator'
import { editorDocumentQuerySchema } from '../services/editor-document'
import type { PortalClient } from './create-client'
import { createBadgeQueries, EDITOR_BADGE_QUERY, invoiceBadgeQuery } from './badge-queries'

/** A client whose services count the finds they get and whose events the test emits. */
function fakeClient(totals: Record<string, number>) {
  const listeners = new Map<string, Set<(record: unknown) => void>>()
  const finds: { path: string; query: unknown }[] = []
  const service = (path: string) => ({
    find: ({ query }: { query: unknown }) => {
      finds.push({ path, query })
      return Promise.resolve({ total: totals[path] ?? 0, limit: 0, skip: 0, data: [] })
    },
    on: (event: string, listener: (record: unknown) => void) => {
      const key = `${path} ${event}`
      if (!listeners.has(key)) listeners.set(key, new Set())
      listeners.get(key)!.add(listener)
    },
    off: (event: string, listener: (record: unknown) => void) => listeners.get(`${path} ${event}`)?.delete(listener),
  })
  const client = { service, socket: { io: { on: () => {}, off: () => {} } } } as unknown as PortalClient
  const emit = (path: string, event: string, record: unknown) => listeners.get(`${path} ${event}`)?.forEach((l) => l(record))
  return { client, finds, emit }
}

const staff = { permissions_array: ['doc', 'ded'], klienten_array: [1001, 1002] }

describe('the badge queries of SPEC §7', () => {
  it('are valid queries of their services', () => {
    // The server validates queries with AJV against these very schemas.
    const ajv = new Ajv({ strict: false })
    expect(ajv.validate(aggregatorQuerySchema, invoiceBadgeQuery(1001))).toBe(true)
    expect(ajv.validate(editorDocumentQuerySchema, EDITOR_BADGE_QUERY)).toBe(true)
  })

  it('count the editor documents over all companies, so the web and the terminal show one number', () => {
    expect(EDITOR_BADGE_QUERY).not.toHaveProperty('client_no')
    expect(invoiceBadgeQuery(1001)).toMatchObject({ client_no: 1001, type: 'ER_U', aggregated: true, fullText: null })
  })
})

describe('createBadgeQueries', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('counts both badges and counts again when a document of the company changes', async () => {
    const { client, finds, emit } = fakeClient({ aggregator: 3, 'editor-document': 7 })
    const { invoices, editor } = createBadgeQueries(client, staff, 1001)
    invoices!.subscribe(() => {})
    editor!.subscribe(() => {})
    await vi.advanceTimersByTimeAsync(0)
    expect(invoices!.getState().total).toBe(3)
    expect(editor!.getState().total).toBe(7)
    expect(finds).toHaveLength(2)

    emit('documents', 'patched', { id: 5, company_no: 1002 })
    await vi.advanceTimersByTimeAsync(150)
    // Another company's document cannot change this company's invoice count, but the editor count spans all.
    expect(finds.map((f) => f.path)).toEqual(['aggregator', 'editor-document', 'editor-document'])
    emit('aggregator', 'created', { id: 6, company_no: 1001 })
    await vi.advanceTimersByTimeAsync(150)
    expect(finds.filter((f) => f.path === 'aggregator')).toHaveLength(2)
  })

  it('leaves out the editor badge without ded and the invoice badge without a company', () => {
    const { client } = fakeClient({})
    expect(createBadgeQueries(client, { permissions_array: ['doc'], klienten_array: [1001] }, 1001).editor).toBeNull()
    expect(createBadgeQueries(client, staff, 0).invoices).toBeNull()
    expect(createBadgeQueries(client, staff, 9999).invoices).toBeNull()
  })
})
