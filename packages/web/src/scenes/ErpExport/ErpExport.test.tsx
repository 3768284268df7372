import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import type { ReactNode } from 'react'
import { Routes, Route } from 'react-router-dom'
import type { PortalClient } from '@portal/sdk/client'
import type { Language } from '@portal/sdk/domain'
import type { Config, ErpExportBatch, SessionUser } from '@portal/sdk/services'
import { CompanyContext, SessionContext, type CompanyState, type SessionState } from '../../providers/contexts'
import { SnackbarProvider } from '../../providers/SnackbarProvider'
import { renderWithShell } from '../../test/render'
import { ErpExportScene } from './ErpExport'

const COMPANY = 1001

const batch = (id: number, change: Partial<ErpExportBatch> = {}): ErpExportBatch => ({
  id,
  company_no: COMPANY,
  format: 'bmd',
  date_from: null,
  date_to: null,
  period: '2026-10',
  status: 'exported',
  bookings: 2,
  lines: 3,
  documents: 2,
  results: { ok: 0, error: 0, info: 0 },
  file_name: `export-${id}.zip`,
  size: 1000,
  sha256: 'x',
  created_by_name: 'Sabine Staff',
  created_at: '2026-11-20T10:00:00.000Z',
  imported_by_name: null,
  imported_at: null,
  revoked_by_name: null,
  revoked_at: null,
  ...change,
})

type Call = { path: string; method: string; args: unknown[] }

const SETTINGS = { company_no: COMPANY, datev_consultant_no: null, datev_client_no: null, account_length: 5, fiscal_year_start_month: 1, closed_through: null }

/** What services answer when a test does not say otherwise. */
const DEFAULTS: Record<string, (...args: unknown[]) => unknown> = { 'erp-settings.find': () => [SETTINGS] }

/** A client over in-memory services: each method answers what the test gives; batch events are emitted by the test. */
/** What the screen sent through the import door (fetch stubbed): the URL, the create fields, the file's text, the token. */
interface DoorCall {
  url: string
  data: unknown
  text: string
  authorization: string | null
}

/** Stubs fetch for the import door, answering `answer`'s status and JSON body. */
function stubImportDoor(answer: () => { status: number; body: unknown }): DoorCall[] {
  const sent: DoorCall[] = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const form = init.body as FormData
    const file = form.get('file') as File
    sent.push({ url, data: JSON.parse(String(form.get('data'))), text: await file.text(), authorization: new Headers(init.headers).get('authorization') })
    const { status, body } = answer()
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  })
  return sent
}

afterEach(() => vi.unstubAllGlobals())

function fakeClient(handlers: Record<string, (...args: unknown[]) => unknown>) {
  const calls: Call[] = []
  const listeners = new Map<string, Set<(record: unknown) => void>>()
  const service = (path: string) => {
    const method = (name: string) => async (...args: unknown[]) => {
      calls.push({ path, method: name, args })
      const handler = handlers[`${path}.${name}`] ?? DEFAULTS[`${path}.${name}`]
      if (!handler) throw new Error(`unexpected ${path}.${name}`)
      return handler(...args)
    }
    return {
      find: method('find'),
      get: method('get'),
      create: method('create'),
      patch: method('patch'),
      remove: method('remove'),
      on: (event: string, listener: (r: unknown) => void) => {
        const key = `${path} ${event}`
        if (!listeners.has(key)) listeners.set(key, new Set())
        listeners.get(key)!.add(listener)
      },
      off: (event: string, listener: (r: unknown) => void) => listeners.get(`${path} ${event}`)?.delete(listener),
      removeListener: (event: string, listener: (r: unknown) => void) => listeners.get(`${path} ${event}`)?.delete(listener),
    }
  }
  const client = { service, app: { service, authentication: { getAccessToken: async () => 'token' } }, socket: { io: { on: () => {}, off: () => {} } } } as unknown as PortalClient
  const emit = (path: string, event: string, value: unknown) => act(() => listeners.get(`${path} ${event}`)?.forEach((listener) => listener(value)))
  return { client, calls, emit }
}

function renderScene(client: PortalClient, permissions: string[], lng: Language = 'en') {
  const session: SessionState = {
    client,
    user: { permissions_array: permissions, klienten_array: [COMPANY] } as unknown as SessionUser,
    config: {} as Config,
    language: lng,
    setLanguage: async () => {},
  }
  const company: CompanyState = {
    companies: [{ company_no: COMPANY, company_name: 'Muster GmbH', company_place: 'Wien', current_accounting: 2026 }],
    client: COMPANY,
    companyReady: true,
    foreign: false,
    data: {},
  }
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <SessionContext.Provider value={session}>
      <CompanyContext.Provider value={company}>
        <SnackbarProvider>{children}</SnackbarProvider>
      </CompanyContext.Provider>
    </SessionContext.Provider>
  )
  return renderWithShell(
    <Wrapper>
      <Routes>
        <Route path="/erp-export/:client" element={<ErpExportScene />} />
      </Routes>
    </Wrapper>,
    { path: `/erp-export/${COMPANY}`, lng },
  )
}

const page = (items: ErpExportBatch[]) => ({ total: items.length, limit: 100, skip: 0, data: items })

describe('ERP export screen', () => {
  it('shows loading, then an honest empty state, and names wrong fields before anything is sent', async () => {
    let answer: (value: unknown) => void = () => {}
    const { client, calls } = fakeClient({ 'erp-exports.find': () => new Promise((resolve) => (answer = resolve)) })
    renderScene(client, ['acc'])
    expect(screen.getByText('Loading export batches…')).toBeTruthy()
    await act(async () => answer(page([])))
    expect(screen.getByTestId('empty-state').textContent).toContain('No batch has been exported for this company yet.')

    // A period left empty, then a date range running backwards: each refused at its field.
    fireEvent.change(screen.getByLabelText(/^Period/), { target: { value: '' } })
    fireEvent.click(screen.getByTestId('export-create'))
    expect(screen.getByTestId('error-period').textContent).toContain('This field is required')
    expect(document.activeElement?.id).toBe('erp-export-period')

    fireEvent.click(screen.getByTestId('range-dates'))
    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: '2026-10-31' } })
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: '2026-10-01' } })
    fireEvent.click(screen.getByTestId('export-check'))
    expect(screen.getByTestId('error-to').textContent).toBe('The start date 2026-10-31 is after the end date 2026-10-01.')
    expect(screen.queryByTestId('error-from')).toBeNull()
    expect(calls.filter((call) => call.method === 'create')).toEqual([])
  })

  it('lists the check’s refusals with their reasons and a link to each document, in German', async () => {
    const refusals = [
      { document_id: 41, booking_no: 7, document_number: 'R-41', reason: 'missingAccount' },
      { document_id: 42, booking_no: 8, document_number: 'R-42', reason: 'periodClosed', params: { period: '2026-09', closedThrough: '2026-09' } },
    ]
    const { client, calls } = fakeClient({
      'erp-exports.find': () => page([]),
      'erp-exports.create': () => ({ dry_run: true, client_no: COMPANY, format: 'datev', bookings: 2, lines: 2, documents: 2, refusals }),
    })
    renderScene(client, ['acc'], 'de')
    await screen.findByTestId('empty-state')
    fireEvent.change(screen.getByLabelText(/^Periode/), { target: { value: '2026-09' } })
    fireEvent.change(screen.getByLabelText(/^Format/), { target: { value: 'datev' } })
    fireEvent.click(screen.getByRole('button', { name: 'Prüfen' }))
    const list = await screen.findByTestId('export-refusals')
    expect(calls.find((call) => call.method === 'create')?.args[0]).toEqual({ client_no: COMPANY, format: 'datev', period: '2026-09', dry_run: true })
    expect(within(list).getByRole('heading').textContent).toBe('Von der Prüfung abgelehnt (2)')
    expect(document.activeElement).toBe(within(list).getByRole('heading'))
    const items = within(list).getAllByTestId('export-refusal')
    expect(items[0].textContent).toContain('Buchung 7 (Beleg 41) hat kein Lieferanten- oder Kundenkonto.')
    expect(items[1].textContent).toContain('liegt in der Periode 2026-09, die im ERP abgeschlossen ist')
    expect(within(items[1]).getByRole('link', { name: 'Beleg 42 öffnen' }).getAttribute('href')).toBe(`/invoices/${COMPANY}/er/42`)
  })

  it('shows a refused export’s refusals and a server refusal at its field', async () => {
    const { client } = fakeClient({
      'erp-exports.find': () => page([]),
      'erp-exports.create': (data: unknown) => {
        const period = (data as { period?: string }).period
        if (period === '2026-08') throw { code: 400, data: { key: 'erp:error.rangeRequired', params: { field: 'period' } } }
        throw { code: 422, data: { key: 'erp:error.batchRefused', params: { count: 1 }, refusals: [{ document_id: 5, booking_no: 1, document_number: null, reason: 'taxMismatch', params: { detail: '20 % of 100.00 is 20.00, not 19.00' } }] } }
      },
    })
    renderScene(client, ['acc'])
    await screen.findByTestId('empty-state')
    fireEvent.change(screen.getByLabelText(/^Period/), { target: { value: '2026-08' } })
    fireEvent.click(screen.getByTestId('export-create'))
    expect((await screen.findByTestId('error-period')).textContent).toBe('Give either a period (YYYY-MM) or a date range (from and to).')
    fireEvent.change(screen.getByLabelText(/^Period/), { target: { value: '2026-07' } })
    fireEvent.click(screen.getByTestId('export-create'))
    const list = await screen.findByTestId('export-refusals')
    expect(list.textContent).toContain('Booking 1 (document 5): the tax lines do not add up (20 % of 100.00 is 20.00, not 19.00).')
  })

  it('lists batches live; revoke asks first; only exp may mark imported and read a result file', async () => {
    let batches = [batch(2), batch(1, { status: 'revoked', revoked_by_name: 'Sabine Staff', revoked_at: '2026-11-21T09:00:00.000Z', format: 'datev', period: null, date_from: '2026-09-01', date_to: '2026-09-30' })]
    const { client, calls, emit } = fakeClient({
      'erp-exports.find': () => page(batches),
      'erp-exports.remove': (id: unknown) => ({ ...batch(Number(id)), status: 'revoked' }),
    })
    const view = renderScene(client, ['acc'])
    const rows = await screen.findAllByTestId('batch-row')
    expect(rows.map((row) => row.getAttribute('data-batch-id'))).toEqual(['2', '1'])
    expect(rows[0].textContent).toContain('BMD NTCS')
    expect(rows[0].textContent).toContain('Period 2026-10')
    expect(rows[0].textContent).toContain('2 document(s), 3 line(s)')
    expect(rows[0].textContent).toContain('Sabine Staff')
    expect(within(rows[1]).getByTestId('batch-status').textContent).toBe('Revoked')
    expect(rows[1].textContent).toContain('1 Sept 2026 – 30 Sept 2026')
    expect(rows[1].textContent).toContain('Revoked: Sabine Staff')
    // acc may revoke but not mark imported, and sees no result upload (both need exp); a revoked batch offers neither.
    expect(screen.queryByTestId('batch-mark')).toBeNull()
    expect(screen.queryByTestId('result-form')).toBeNull()
    expect(within(rows[1]).queryByTestId('batch-revoke')).toBeNull()

    fireEvent.click(within(rows[0]).getByTestId('batch-revoke'))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog.textContent).toContain('Revoke batch 2?')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(calls.some((call) => call.method === 'remove')).toBe(false)
    fireEvent.click(within(rows[0]).getByTestId('batch-revoke'))
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke batch' }))
    await waitFor(() => expect(calls.find((call) => call.method === 'remove')?.args[0]).toBe(2))

    // Another user's new batch arrives by its event.
    batches = [batch(3), ...batches]
    emit('erp-exports', 'created', batch(3))
    await waitFor(() => expect(screen.getAllByTestId('batch-row')).toHaveLength(3))
    const results = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } })
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
  })

  it('marks imported with exp and shows the result file per document: imported, error with the ERP’s message, notice', async () => {
    const { client, calls } = fakeClient({
      'erp-exports.find': () => page([batch(4)]),
      'erp-exports.patch': () => ({ ...batch(4), status: 'imported' }),
    })
    const door = stubImportDoor(() => ({
      status: 201,
      body: {
        client_no: COMPANY,
        applied: [
          { booking_no: 1, document_id: 11, batch_id: 4, outcome: 'ok', message: null },
          { booking_no: 2, document_id: 12, batch_id: 4, outcome: 'error', message: 'Konto 330099 fehlt' },
        ],
        counts: { ok: 1, error: 1, info: 0 },
        unknown: [99],
      },
    }))
    renderScene(client, ['exp'])
    const [row] = await screen.findAllByTestId('batch-row')
    fireEvent.click(within(row).getByTestId('batch-mark'))
    await waitFor(() => expect(calls.find((call) => call.method === 'patch')?.args).toEqual([4, { imported: true }]))

    // No file chosen: said at the field.
    fireEvent.click(screen.getByTestId('result-apply'))
    expect(screen.getByTestId('result-error').textContent).toBe('This field is required')
    const file = new File(['belegnr;status;meldung\n1;ok;\n2;error;Konto 330099 fehlt\n99;ok;\n'], 'result.csv', { type: 'text/csv' })
    fireEvent.change(screen.getByLabelText('Result file'), { target: { files: [file] } })
    fireEvent.click(screen.getByTestId('result-apply'))
    const answer = await screen.findByTestId('result-answer')
    // Through the import door with the session's token: the fields, and the file as it is.
    expect(door).toEqual([
      { url: '/api/import-files/erp-import-results', data: { client_no: COMPANY }, text: 'belegnr;status;meldung\n1;ok;\n2;error;Konto 330099 fehlt\n99;ok;\n', authorization: 'Bearer token' },
    ])
    expect(answer.textContent).toContain('Read: 1 imported, 1 error(s), 0 notice(s).')
    expect(answer.textContent).toContain('Booking numbers no active batch holds (ignored): 99')
    const [ok, error] = within(answer).getAllByTestId('result-row')
    expect(ok.textContent).toContain('Imported')
    expect(error.textContent).toContain('ERP error')
    expect(error.textContent).toContain('Konto 330099 fehlt')
  })

  it('shows a result file the server cannot read at the file field, with the line', async () => {
    const { client } = fakeClient({
      'erp-exports.find': () => page([]),
    })
    stubImportDoor(() => ({
      status: 400,
      body: { name: 'BadRequest', message: 'Line 3', code: 400, className: 'bad-request', data: { key: 'erp:error.resultStatus', params: { field: 'content', line: 3, status: 'maybe' } } },
    }))
    renderScene(client, ['exp'], 'de')
    await screen.findByTestId('empty-state')
    fireEvent.change(screen.getByLabelText('Ergebnisdatei'), { target: { files: [new File(['belegnr;status\n1;ok\n2;maybe\n'], 'r.csv')] } })
    fireEvent.click(screen.getByTestId('result-apply'))
    expect((await screen.findByTestId('result-error')).textContent).toBe('Die Importergebnis-Datei konnte in Zeile 3 nicht gelesen werden: Status „maybe“ ist weder ok noch error noch info.')
  })
})

describe('ERP settings of the company', () => {
  it('adm changes the DATEV numbers and the closed period after field-level checks; others only read them', async () => {
    const { client, calls } = fakeClient({
      'erp-exports.find': () => page([]),
      'erp-settings.patch': (id: unknown, patch: unknown) => ({ ...SETTINGS, ...(patch as object) }),
    })
    const admin = renderScene(client, ['acc', 'exp', 'adm'])
    const panel = await screen.findByTestId('erp-settings')
    fireEvent.change(within(panel).getByLabelText(/DATEV consultant number/), { target: { value: '999' } })
    fireEvent.change(within(panel).getByLabelText(/ERP closed through/), { target: { value: '2025-13' } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Save settings' }))
    expect(screen.getByTestId('settings-error-datev_consultant_no').textContent).toBe('Please enter a whole number from 1001 to 9999999')
    expect(screen.getByTestId('settings-error-closed_through').textContent).toBe('Please enter a period as YYYY-MM')
    expect(document.activeElement?.id).toBe('erp-settings-datev_consultant_no')
    fireEvent.change(within(panel).getByLabelText(/DATEV consultant number/), { target: { value: '29098' } })
    fireEvent.change(within(panel).getByLabelText(/DATEV client number/), { target: { value: '55003' } })
    fireEvent.change(within(panel).getByLabelText(/ERP closed through/), { target: { value: '2025-12' } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Save settings' }))
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'patch')?.args).toEqual([COMPANY, { datev_consultant_no: 29098, datev_client_no: 55003, closed_through: '2025-12' }]),
    )

    admin.unmount()
    const reader = fakeClient({ 'erp-exports.find': () => page([]) })
    renderScene(reader.client, ['acc'], 'de')
    const readOnly = await screen.findByTestId('erp-settings')
    expect(readOnly.textContent).toContain('Nur Administratoren können diese Einstellungen ändern.')
    expect(within(readOnly).queryByRole('button')).toBeNull()
    expect(within(readOnly).queryByRole('textbox')).toBeNull()
    expect(within(readOnly).getByTestId('settings-value-datev_consultant_no').textContent).toBe('nicht eingetragen')
    expect(within(readOnly).getByTestId('settings-value-account_length').textContent).toBe('5')
  })
})

vi.setConfig({ testTimeout: 20_000 })
