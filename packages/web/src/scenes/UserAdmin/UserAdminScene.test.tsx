import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { PortalClient } from '@portal/sdk/client'
import type { AccountingClient, Config, User } from '@portal/sdk/services'
import { fakePortalClient, renderSignedIn, type FakeAnswers } from '../../test/session'
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

const companies = [{ company_no: 1001, company_name: 'Gasthaus Alpenblick', company_place: 'Innsbruck', current_accounting: 2026 }] as AccountingClient[]

/** Fake services: users.find answers `users`, the other calls `answers` (the server's refusals are rejections). */
function fakeClient(users: User[], answers: FakeAnswers = {}) {
  return fakePortalClient({ ...answers, users: { find: () => ({ total: users.length, limit: 50, skip: 0, data: users }), ...answers.users } })
}

function renderScene(client: PortalClient, options: { config?: Partial<Config>; path?: string } = {}) {
  return renderSignedIn(<UserAdminScene />, { client, permissions: ['kca'], companies, keycloakId: 'kc-me', path: options.path ?? '/user-admin', config: options.config })
}

describe('UserAdminScene', () => {
  it('asks the server for the page the URL names and finds it again when a user changes', async () => {
    const { client, calls, emit } = fakeClient([user(1), user(2)])
    const finds = () => calls.filter((call) => call.path === 'users' && call.method === 'find').map((call) => call.query)
    renderScene(client, { path: '/user-admin?permission=kca&enabled=no&sort=lastName&dir=desc' })
    await screen.findAllByTestId('user-row')
    expect(finds()[0]).toEqual({ permission: 'kca', enabled: false, $limit: 50, $skip: 0, $sort: { lastName: -1, email: 1 } })
    expect(screen.getByTestId('users-shown').textContent).toBe('1–2 of 2')
    emit('users', 'patched', user(2, { enabled: false }))
    await waitFor(() => expect(finds()).toHaveLength(2))
  })

  it('shows the one-time password link of a new user once, when no e-mail can be sent', async () => {
    const create = vi.fn().mockReturnValue({ ...user(3, { email: 'neu@firm.at' }), setup: { delivery: 'link', link: 'http://portal/password-setup#abc', expiresAt: new Date(Date.now() + 72 * 3_600_000).toISOString() } })
    const { client } = fakeClient([user(1)], { users: { create } })
    renderScene(client)
    await screen.findAllByTestId('user-row')
    fireEvent.keyDown(document.body, { key: 'n' })
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'neu@firm.at' } })
    fireEvent.change(screen.getByLabelText(/^First name/), { target: { value: 'Nora' } })
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: 'Neu' } })
    fireEvent.click(screen.getByTestId('user-form-save'))
    const dialog = await screen.findByTestId('password-link')
    expect(create.mock.calls[0][0].data).toEqual(expect.objectContaining({ email: 'neu@firm.at', firstName: 'Nora', lastName: 'Neu', clientAccess: 'assigned' }))
    expect((within(dialog).getByTestId('password-link-value') as HTMLInputElement).value).toBe('http://portal/password-setup#abc')
    expect(dialog.textContent).toContain('valid for 72 hours')
    fireEvent.click(screen.getByRole('button', { name: 'Done, I have passed it on' }))
    await waitFor(() => expect(screen.queryByTestId('password-link')).toBeNull())
  })

  it('says the user could not be deleted, and why', async () => {
    const remove = vi.fn().mockRejectedValue({ name: 'Conflict', code: 409, message: 'busy', data: { key: 'errors:user.deleteBlockedByImport' } })
    const { client } = fakeClient([user(1)], { users: { remove } })
    renderScene(client)
    await screen.findAllByTestId('user-row')
    fireEvent.click(screen.getByTestId('user-menu'))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }))
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('The user could not be deleted: The user cannot be deleted while an import is in progress')).toBeTruthy()
    expect(remove.mock.calls[0][0].id).toBe(user(1).id)
  })

  it('explains what an external identity provider owns and offers no credential resets', async () => {
    const { client } = fakeClient([user(1)])
    renderScene(client, { config: { externalIssuer: 'https://login.kanzlei.at/realms/staff' } })
    await screen.findAllByTestId('user-row')
    expect(screen.getByTestId('external-notice').textContent).toContain('https://login.kanzlei.at/realms/staff')
    fireEvent.click(screen.getByTestId('user-menu'))
    await screen.findByRole('menuitem', { name: 'Delete' })
    expect(screen.queryByRole('menuitem', { name: 'Reset password' })).toBeNull()
  })
})
