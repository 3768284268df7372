import type { ReactElement } from 'react'
import { act, render, type RenderResult } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { I18nextProvider } from 'react-i18next'
import { BaseStyles, ThemeProvider } from '@primer/react'
import type { PortalClient } from '@portal/sdk/client'
import type { Language } from '@portal/sdk/domain'
import { createI18n } from '@portal/sdk/i18n'
import type { AccountingClient, Config, SessionUser } from '@portal/sdk/services'
import { CompanyContext, SessionContext, type CompanyState } from '../providers/contexts'
import { SnackbarProvider } from '../providers/SnackbarProvider'

/** A call a fake service received. */
export interface FakeCall {
  path: string
  method: 'find' | 'get' | 'create' | 'patch' | 'remove'
  id?: unknown
  data?: unknown
  query?: unknown
}

/** How a fake service answers: by path and method; a throw or rejection is the server's refusal. */
export type FakeAnswers = Record<string, Partial<Record<FakeCall['method'], (call: FakeCall) => unknown>>>

/** A client over in-memory services: calls are recorded and answered by `answers`, events are emitted by the test. */
export function fakePortalClient(answers: FakeAnswers) {
  const listeners = new Map<string, Set<(record: unknown) => void>>()
  const calls: FakeCall[] = []
  const answer = async (call: FakeCall) => {
    calls.push(call)
    const handler = answers[call.path]?.[call.method]
    if (!handler) throw new Error(`no fake answer for ${call.path}.${call.method}`)
    return handler(call)
  }
  const service = (path: string) => ({
    find: (params?: { query?: unknown }) => answer({ path, method: 'find', query: params?.query }),
    get: (id: unknown) => answer({ path, method: 'get', id }),
    create: (data: unknown) => answer({ path, method: 'create', data }),
    patch: (id: unknown, data: unknown) => answer({ path, method: 'patch', id, data }),
    remove: (id: unknown) => answer({ path, method: 'remove', id }),
    on: (event: string, listener: (r: unknown) => void) => {
      const key = `${path} ${event}`
      if (!listeners.has(key)) listeners.set(key, new Set())
      listeners.get(key)!.add(listener)
    },
    off: (event: string, listener: (r: unknown) => void) => listeners.get(`${path} ${event}`)?.delete(listener),
  })
  const client = { service, app: { service }, socket: { io: { on: () => {}, off: () => {} } } } as unknown as PortalClient
  const emit = (path: string, event: string, value: unknown) => act(() => listeners.get(`${path} ${event}`)?.forEach((listener) => listener(value)))
  return { client, calls, emit }
}

/** What the signed-in shell around a component holds. */
export interface SessionOptions {
  client: PortalClient
  permissions: string[]
  companies?: AccountingClient[]
  companyNo?: number
  companyData?: Record<string, unknown>
  lng?: Language
  path?: string
  /** Backend config beyond the defaults (e.g. an external identity provider). */
  config?: Partial<Config>
  /** The signed-in user's OIDC subject. */
  keycloakId?: string
}

/** Renders inside a signed-in shell: session (permissions, companies), company, snackbar, i18n, Primer and a router. */
export function renderSignedIn(ui: ReactElement, options: SessionOptions): RenderResult {
  const lng = options.lng ?? 'en'
  const companies = options.companies ?? []
  const user = {
    keycloakId: options.keycloakId ?? 'test',
    email: 'staff@demo.portal',
    firstName: 'Stefan',
    lastName: 'Bauer',
    locale: lng,
    favClient: null,
    permissions_array: options.permissions,
    klienten_array: companies.map((company) => company.company_no),
  } satisfies SessionUser
  const config: Config = { brandShort: 'P', brandName: 'Portal', slogans: { en: '', de: '' }, docUrl: '', defaultAccountSystem: 'bmd', ...options.config }
  const company: CompanyState = { companies, client: options.companyNo ?? 0, companyReady: true, foreign: false, data: options.companyData ?? {} }
  return render(
    <I18nextProvider i18n={createI18n({ lng })}>
      <ThemeProvider>
        <BaseStyles>
          <SessionContext.Provider value={{ client: options.client, user, config, language: lng, setLanguage: async () => {} }}>
            <CompanyContext.Provider value={company}>
              <SnackbarProvider>
                <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
              </SnackbarProvider>
            </CompanyContext.Provider>
          </SessionContext.Provider>
        </BaseStyles>
      </ThemeProvider>
    </I18nextProvider>,
  )
}
