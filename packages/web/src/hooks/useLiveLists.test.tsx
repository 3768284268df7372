import { describe, expect, it, vi } from 'vitest'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import type { PortalClient } from '@portal/sdk/client'
import { createI18n } from '@portal/sdk/i18n'
import type { Config, DocumentRecord, SessionUser } from '@portal/sdk/services'
import { SessionContext, type SessionState } from '../providers/contexts'
import { SnackbarProvider } from '../providers/SnackbarProvider'
import { useBadgeCounts } from './useBadgeCounts'
import { useDocuments } from './useDocuments'

const record = (id: number, change: Partial<DocumentRecord> = {}): DocumentRecord => ({
  id,
  company_no: 1001,
  document_type: 'ER',
  category: null,
  status: 0,
  file_name: `invoice-${id}.pdf`,
  mime: 'application/pdf',
  pages: 1,
  size: 1000,
  processing_state: 'done',
  aggregated: true,
  invoice_date: null,
  invoice_number: null,
  party_name: null,
  total_gross: null,
  currency: 'EUR',
  created_at: `2026-11-2${id}T10:00:00.000Z`,
  deleted_at: null,
  version: 1,
  processing_error: null,
  file_kind: 'pdf',
  duplicate_of: null,
  split_suggestion: null,
  ...change,
})

/** A client over in-memory services: finds answer `answers[path]`, events are emitted by the test. */
function fakeClient(answers: Record<string, (query: Record<string, unknown>) => unknown>) {
  const listeners = new Map<string, Set<(record: unknown) => void>>()
  const finds: { path: string; query: Record<string, unknown> }[] = []
  const service = (path: string) => ({
    find: async ({ query }: { query: Record<string, unknown> }) => {
      finds.push({ path, query })
      return answers[path](query)
    },
    patch: async (id: number) => record(id, { processing_state: 'queued' }),
    on: (event: string, listener: (r: unknown) => void) => {
      const key = `${path} ${event}`
      if (!listeners.has(key)) listeners.set(key, new Set())
      listeners.get(key)!.add(listener)
    },
    off: (event: string, listener: (r: unknown) => void) => listeners.get(`${path} ${event}`)?.delete(listener),
  })
  const client = { service, app: { service }, socket: { io: { on: () => {}, off: () => {} } } } as unknown as PortalClient
  const emit = (path: string, event: string, value: unknown) =>
    act(() => listeners.get(`${path} ${event}`)?.forEach((listener) => listener(value)))
  return { client, finds, emit }
}

function wrapperFor(client: PortalClient, permissions: string[]) {
  const session: SessionState = {
    client,
    user: { permissions_array: permissions, klienten_array: [1001, 1002] } as unknown as SessionUser,
    config: {} as Config,
    language: 'en',
    setLanguage: async () => {},
  }
  const i18n = createI18n({ lng: 'en' })
  return ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <SessionContext.Provider value={session}>
        <SnackbarProvider>{children}</SnackbarProvider>
      </SessionContext.Provider>
    </I18nextProvider>
  )
}

describe('useDocuments', () => {
  it('lists the company’s documents newest first and follows created, patched and removed events', async () => {
    const { client, finds, emit } = fakeClient({ documents: () => ({ total: 2, limit: 200, skip: 0, data: [record(1), record(2)] }) })
    const { result } = renderHook(() => useDocuments(client, 1001, vi.fn()))
    expect(result.current.loading).toBe(true)
    await waitFor(() => expect(result.current.loading).toBe(false))
    expect(finds[0].query).toEqual({ client_no: 1001, $limit: 200, $sort: { created_at: -1, id: -1 } })
    expect(result.current.documents.map((d) => d.id)).toEqual([2, 1])

    emit('documents', 'created', record(3, { processing_state: 'queued' }))
    emit('documents', 'created', record(4, { company_no: 1002 }))
    expect(result.current.documents.map((d) => d.id)).toEqual([3, 2, 1])
    emit('documents', 'patched', record(3, { processing_state: 'done' }))
    expect(result.current.documents[0].processing_state).toBe('done')
    emit('documents', 'patched', record(2, { deleted_at: '2026-11-30T00:00:00.000Z' }))
    emit('documents', 'removed', record(1))
    expect(result.current.documents.map((d) => d.id)).toEqual([3])
  })

  it('shows a retried document as queued at once, and reports a failed load', async () => {
    const { client } = fakeClient({ documents: () => ({ total: 1, limit: 200, skip: 0, data: [record(1, { processing_state: 'failed' })] }) })
    const { result } = renderHook(() => useDocuments(client, 1001, vi.fn()))
    await waitFor(() => expect(result.current.loading).toBe(false))
    await act(() => result.current.retry(1))
    expect(result.current.documents[0].processing_state).toBe('queued')

    const failing = fakeClient({ documents: () => Promise.reject(new Error('offline')) })
    const onError = vi.fn()
    const failed = renderHook(() => useDocuments(failing.client, 1001, onError))
    await waitFor(() => expect(failed.result.current.loading).toBe(false))
    expect(onError).toHaveBeenCalledWith(new Error('offline'))
  })
})

describe('useBadgeCounts', () => {
  it('counts with the SDK’s badge queries and counts again after a document event', async () => {
    let invoices = 2
    const { client, finds, emit } = fakeClient({
      aggregator: () => ({ total: invoices, limit: 0, skip: 0, data: [] }),
      'editor-document': () => ({ total: 5, limit: 0, skip: 0, data: [] }),
    })
    const { result } = renderHook(() => useBadgeCounts(1001), { wrapper: wrapperFor(client, ['doc', 'ded']) })
    await waitFor(() => expect(result.current).toEqual({ invoices: 2, editor: 5 }))
    expect(finds.find((f) => f.path === 'editor-document')?.query).not.toHaveProperty('client_no')

    invoices = 3
    emit('documents', 'patched', record(7))
    await waitFor(() => expect(result.current.invoices).toBe(3))
  })

  it('shows no editor badge without the right to the editor', async () => {
    const { client, finds } = fakeClient({ aggregator: () => ({ total: 1, limit: 0, skip: 0, data: [] }) })
    const { result } = renderHook(() => useBadgeCounts(1001), { wrapper: wrapperFor(client, ['doc']) })
    await waitFor(() => expect(result.current).toEqual({ invoices: 1, editor: 0 }))
    expect(finds.map((f) => f.path)).toEqual(['aggregator'])
  })
})
