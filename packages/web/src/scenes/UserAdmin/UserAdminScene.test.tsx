import { describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { I18nextProvider } from 'react-i18next'
import { BaseStyles, ThemeProvider } from '@primer/react'
import type { PortalClient } from '@portal/sdk/client'
import { createI18n } from '@portal/sdk/i18n'
import type { Config, SessionUser, User } from '@portal/sdk/services'
import { CompanyContext, SessionContext, type SessionState } from '../../providers/contexts'
import { SnackbarProvider } from '../../providers/SnackbarProvider'
import { UserAdminScene } from './UserAdmin'

const user = (n: number, extra: Partial<User> = {}): User => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  keycloakId: `kc-${n}`,
  username: `user${n}`,
  email: `user${n}@firm.at`,
  firstName: `First${n}`,
  lastName: `Last${n}`,
  telNr: null,
  locale: 'en',
  favClient: null,
  permissions: ['doc'],
  clientAccess: 'assigned',
  klienten: [1001],
  excluded: [],
  mobileApp: false,
  enabled: true,
  lastLogin: null,
  ...extra,
})

/** A client over in-memory services: users.find answers `users`, other calls are the test's spies. */
function fakeClient(users: User[], calls: Record<string, (...args: unknown[]) => unknown> = {}) {
  const listeners = new Map<string, Set<(record: unknown) => void>>()
  const finds: Record<string, unknown>[] = []
  const service = (path: string) => ({
    find: async ({ query }: { query: Record<string, unknown> }) => {
      if (path === 'users') finds.push(query)
      return path === 'users' ? { total: users.length, limit: 50, skip: 0, data: users } : { total: 0, limit: 50, skip: 0, data: [] }
    },
    create: async (...args: unknown[]) => calls[`${path}.create`]?.(...args),
    patch: async (...args: unknown[]) => calls[`${path}.patch`]?.(...args),
    remove: async (...args: unknown[]) => calls[`${path}.remove`]?.(...args),
    on: (event: string, listener: (r: unknown) => void) => {
      const key = `${path} ${event}`
      if (!listeners.has(key)) listeners.set(key, new Set())
      listeners.get(key)!.add(listener)
    },
    off: (event: string, listener: (r: unknown) => void) => listeners.get(`${path} ${event}`)?.delete(listener),
  })
  const client = { service, app: { service }, socket: { io: { on: () => {}, off: () => {} } } } as unknown as PortalClient
  const emit = (path: string, event: string, value: unknown) => act(() => listeners.get(`${path} ${event}`)?.forEach((listener) => listener(value)))
  return { client, finds, emit }
}

function renderScene(client: PortalClient, config: Partial<Config> = {}, path = '/user-admin') {
  const session: SessionState = {
    client,
    user: { keycloakId: 'kc-me', permissions_array: ['kca'], klienten_array: [] } as unknown as SessionUser,
    config: config as Config,
    language: 'en',
    setLanguage: async () => {},
  }
  const companies = [{ company_no: 1001, company_name: 'Gasthaus Alpenblick', company_place: 'Innsbruck', current_accounting: 2026 }]
  return render(
    <I18nextProvider i18n={createI18n({ lng: 'en' })}>
      <ThemeProvider>
        <BaseStyles>
          <MemoryRouter initialEntries={[path]}>
            <SessionContext.Provider value={session}>
              <CompanyContext.Provider value={{ companies, client: 0, companyReady: true, data: {} } as never}>
                <SnackbarProvider>
                  <UserAdminScene />
                </SnackbarProvider>
              </CompanyContext.Provider>
            </SessionContext.Provider>
          </MemoryRouter>
        </BaseStyles>
      </ThemeProvider>
    </I18nextProvider>,
  )
}

describe('UserAdminScene', () => {
  it('asks the server for the page the URL names and finds it again when a user changes', async () => {
    const { client, finds, emit } = fakeClient([user(1), user(2)])
    renderScene(client, {}, '/user-admin?permission=kca&enabled=no&sort=lastName&dir=desc')
    await screen.findAllByTestId('user-row')
    expect(finds[0]).toEqual({ permission: 'kca', enabled: false, $limit: 50, $skip: 0, $sort: { lastName: -1, email: 1 } })
    expect(screen.getByTestId('users-shown').textContent).toBe('1–2 of 2')
    emit('users', 'patched', user(2, { enabled: false }))
    await waitFor(() => expect(finds).toHaveLength(2))
  })

  it('shows the one-time password link of a new user once, when no e-mail can be sent', async () => {
    const create = vi.fn().mockResolvedValue({ ...user(3, { email: 'neu@firm.at' }), setup: { delivery: 'link', link: 'http://portal/password-setup#abc', expiresAt: new Date(Date.now() + 72 * 3_600_000).toISOString() } })
    const { client } = fakeClient([user(1)], { 'users.create': create })
    renderScene(client)
    await screen.findAllByTestId('user-row')
    fireEvent.keyDown(document.body, { key: 'n' })
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'neu@firm.at' } })
    fireEvent.change(screen.getByLabelText(/^First name/), { target: { value: 'Nora' } })
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: 'Neu' } })
    fireEvent.click(screen.getByTestId('user-form-save'))
    const dialog = await screen.findByTestId('password-link')
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ email: 'neu@firm.at', firstName: 'Nora', lastName: 'Neu', clientAccess: 'assigned' }))
    expect((within(dialog).getByTestId('password-link-value') as HTMLInputElement).value).toBe('http://portal/password-setup#abc')
    expect(dialog.textContent).toContain('valid for 72 hours')
    fireEvent.click(screen.getByRole('button', { name: 'Done, I have passed it on' }))
    await waitFor(() => expect(screen.queryByTestId('password-link')).toBeNull())
  })

  it('says the user could not be deleted, and why', async () => {
    const remove = vi.fn().mockRejectedValue({ name: 'Conflict', code: 409, message: 'busy', data: { key: 'errors:user.deleteBlockedByImport' } })
    const { client } = fakeClient([user(1)], { 'users.remove': remove })
    renderScene(client)
    await screen.findAllByTestId('user-row')
    fireEvent.click(screen.getByTestId('user-menu'))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }))
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('The user could not be deleted: The user cannot be deleted while an import is in progress')).toBeTruthy()
    expect(remove).toHaveBeenCalledWith(user(1).id)
  })

  it('explains what an external identity provider owns and offers no credential resets', async () => {
    const { client } = fakeClient([user(1)])
    renderScene(client, { externalIssuer: 'https://login.kanzlei.at/realms/staff' })
    await screen.findAllByTestId('user-row')
    expect(screen.getByTestId('external-notice').textContent).toContain('https://login.kanzlei.at/realms/staff')
    fireEvent.click(screen.getByTestId('user-menu'))
    await screen.findByRole('menuitem', { name: 'Delete' })
    expect(screen.queryByRole('menuitem', { name: 'Reset password' })).toBeNull()
  })
})
