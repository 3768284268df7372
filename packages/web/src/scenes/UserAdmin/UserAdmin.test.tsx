import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import type { AccountingClient, User, UserBulkResult } from '@portal/sdk/services'
import { renderWithShell } from '../../test/render'
import { BulkDialog } from './BulkDialog'
import { UserDialog } from './UserDialog'
import { UserTable, type UserTableProps } from './UserTable'

const user = (n: number, extra: Partial<User> = {}): User => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  keycloakId: `kc-${n}`,
  username: `user${n}`,
  email: `user${n}@firm.at`,
  firstName: `First${n}`,
  lastName: `Last${n}`,
  telNr: n === 1 ? '+43 1 234' : null,
  locale: 'de',
  favClient: null,
  permissions: ['doc', 'rep'],
  clientAccess: 'assigned',
  klienten: [1001, 1002],
  excluded: [],
  mobileApp: n === 1,
  enabled: n !== 3,
  lastLogin: n === 1 ? '2026-11-20T08:30:00.000Z' : null,
  ...extra,
})

const companies: AccountingClient[] = [
  { company_no: 1001, company_name: 'Gasthaus Alpenblick', company_place: 'Innsbruck', current_accounting: 2026 },
  { company_no: 1002, company_name: 'Bäckerei Huber', company_place: 'Linz', current_accounting: 2026 },
] as AccountingClient[]

function renderTable(props: Partial<UserTableProps> = {}, lng: 'en' | 'de' = 'en') {
  const handlers = { onToggle: vi.fn(), onToggleAll: vi.fn(), onFocusRow: vi.fn(), onSort: vi.fn(), onEdit: vi.fn(), onAction: vi.fn() }
  renderWithShell(
    <UserTable
      users={[user(1), user(2, { clientAccess: 'all', excluded: [1002] }), user(3)]}
      selected={new Set()}
      focusedId={null}
      sort="email"
      desc={false}
      language={lng}
      ownKeycloakId="kc-1"
      ownsCredentials
      {...handlers}
      {...props}
    />,
    { lng },
  )
  return handlers
}

const axeClean = async () => {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
  expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
}

describe('UserTable', () => {
  it('shows the user-manager columns of SPEC §3 with client access, permissions and state', async () => {
    renderTable()
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent)
    expect(headers.slice(1, 11)).toEqual(['User name', 'E-mail', 'Last name', 'First name', 'Phone', 'Companies', 'Permissions', 'Mobile app', 'Last sign-in', 'Enabled'])
    const [first, second, third] = screen.getAllByTestId('user-row')
    expect(first.textContent).toContain('user1@firm.at')
    expect(first.textContent).toContain('1001, 1002')
    expect(first.textContent).toContain('doc rep')
    expect(first.textContent).toContain('20 Nov 2026')
    expect(second.textContent).toContain('All companies except 1002')
    expect(second.textContent).toContain('never')
    expect(within(third).getByTestId('user-state').textContent).toBe('disabled')
    expect(screen.getByRole('columnheader', { name: /E-mail/ }).getAttribute('aria-sort')).toBe('ascending')
    await axeClean()
  })

  it('selects with Space, edits with Enter and moves with the arrow keys', () => {
    const handlers = renderTable()
    const [first] = screen.getAllByTestId('user-row')
    first.focus()
    fireEvent.keyDown(first, { key: ' ' })
    expect(handlers.onToggle).toHaveBeenCalledWith(expect.objectContaining({ email: 'user1@firm.at' }), true)
    fireEvent.keyDown(first, { key: 'Enter' })
    expect(handlers.onEdit).toHaveBeenCalledWith(expect.objectContaining({ email: 'user1@firm.at' }))
    fireEvent.keyDown(first, { key: 'ArrowDown' })
    expect(handlers.onFocusRow).toHaveBeenCalledWith(user(2).id)
  })

  it('sorts by a column header and selects the whole page', () => {
    const handlers = renderTable({}, 'de')
    fireEvent.click(screen.getByTestId('sort-lastName'))
    expect(handlers.onSort).toHaveBeenCalledWith('lastName')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Alle Benutzer dieser Seite auswählen' }))
    expect(handlers.onToggleAll).toHaveBeenCalledWith(true)
  })
})

describe('UserDialog', () => {
  it('names empty fields and a malformed e-mail (SPEC §5) in German and sends nothing', async () => {
    const onSubmit = vi.fn()
    renderWithShell(<UserDialog companies={companies} defaultLocale="de" ownKeycloakId="kc-0" onSubmit={onSubmit} onClose={() => {}} />, { lng: 'de' })
    fireEvent.change(screen.getByLabelText(/E-Mail/), { target: { value: 'nicht-eine-adresse' } })
    fireEvent.click(screen.getByTestId('user-form-save'))
    expect(await screen.findAllByText('Dieses Feld darf nicht leer sein')).toHaveLength(2)
    expect(screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein')).toBeTruthy()
    expect(screen.getByTestId('user-form-refusal').textContent).toBe('Bitte korrigieren Sie die markierten Felder.')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('creates a user with permissions and assigned clients', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined)
    renderWithShell(<UserDialog companies={companies} defaultLocale="en" ownKeycloakId="kc-0" onSubmit={onSubmit} onClose={() => {}} />)
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'neu@firm.at' } })
    fireEvent.change(screen.getByLabelText(/^First name/), { target: { value: 'Nora' } })
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: 'Neu' } })
    fireEvent.click(within(screen.getByTestId('user-permissions-chooser')).getByRole('checkbox', { name: /^doc/ }))
    fireEvent.click(within(screen.getByTestId('assigned-clients')).getByRole('checkbox', { name: /1002 Bäckerei Huber/ }))
    fireEvent.click(screen.getByTestId('user-form-save'))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ email: 'neu@firm.at', firstName: 'Nora', lastName: 'Neu', permissions: ['doc'], clientAccess: 'assigned', klienten: [1002] })
  })

  it('offers only the permissions the user manager holds (issue 30)', () => {
    renderWithShell(<UserDialog companies={companies} defaultLocale="en" ownKeycloakId="kc-0" grantable={['kca', 'doc']} onSubmit={vi.fn()} onClose={() => {}} />)
    const chooser = within(screen.getByTestId('user-permissions-chooser'))
    expect((chooser.getByRole('checkbox', { name: /^doc/ }) as HTMLInputElement).disabled).toBe(false)
    expect((chooser.getByRole('checkbox', { name: /^adm/ }) as HTMLInputElement).disabled).toBe(true)
    expect((chooser.getByRole('checkbox', { name: /^ban/ }) as HTMLInputElement).disabled).toBe(true)
  })

  it('refuses to take away the administrator’s own kca and shows a save failure with its reason', async () => {
    const me = user(1, { keycloakId: 'kc-me', permissions: ['kca', 'adm'] })
    const onSubmit = vi.fn().mockRejectedValue(new Error('Creating or updating failed: Conflict'))
    renderWithShell(<UserDialog user={me} companies={companies} defaultLocale="en" ownKeycloakId="kc-me" onSubmit={onSubmit} onClose={() => {}} />)
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).disabled).toBe(true)
    const kca = within(screen.getByTestId('user-permissions-chooser')).getByRole('checkbox', { name: /^kca/ })
    fireEvent.click(kca)
    fireEvent.click(screen.getByTestId('user-form-save'))
    expect((await screen.findByTestId('user-form-refusal')).textContent).toBe('You cannot remove your own user-administration permission (kca)')
    expect(onSubmit).not.toHaveBeenCalled()
    fireEvent.click(kca)
    fireEvent.click(screen.getByTestId('user-form-save'))
    await waitFor(() => expect(screen.getByTestId('user-form-refusal').textContent).toBe('Creating or updating failed: Conflict'))
  })
})

describe('BulkDialog', () => {
  const preview: UserBulkResult = {
    dryRun: true,
    applied: false,
    unchanged: 1,
    errors: [],
    diffs: [
      { userId: user(1).id, email: 'user1@firm.at', permissions: { added: ['ban'], removed: [] }, klienten: { added: [], removed: [] }, excluded: { added: [], removed: [] } },
      { userId: user(2).id, email: 'user2@firm.at', permissions: { added: ['ban'], removed: [] }, klienten: { added: [], removed: [] }, excluded: { added: [], removed: [] } },
    ],
  }

  it('previews who gains what before anything is applied, then applies the same list', async () => {
    const run = vi.fn().mockImplementation(async (_changes: unknown, dryRun: boolean) => ({ ...preview, dryRun, applied: !dryRun }))
    const onApplied = vi.fn()
    renderWithShell(
      <BulkDialog emails={['user1@firm.at', 'user2@firm.at', 'user3@firm.at']} companies={companies} run={run} onApplied={onApplied} onClose={() => {}} describeError={String} />,
    )
    fireEvent.click(screen.getByTestId('bulk-preview'))
    expect(screen.getByTestId('bulk-problem').textContent).toBe('Choose at least one change.')
    expect(run).not.toHaveBeenCalled()
    fireEvent.click(within(screen.getByTestId('bulk-add-permissions')).getByRole('checkbox', { name: /^ban/ }))
    fireEvent.click(screen.getByTestId('bulk-preview'))
    const diffs = await screen.findAllByTestId('bulk-diff')
    expect(run).toHaveBeenCalledWith(
      ['user1@firm.at', 'user2@firm.at', 'user3@firm.at'].map((email) => ({ email, addPermissions: ['ban'] })),
      true,
    )
    expect(diffs.map((d) => d.textContent)).toEqual(['user1@firm.at' + 'gains permissions ban', 'user2@firm.at' + 'gains permissions ban'])
    expect(screen.getByText('1 user(s) stay as they are.')).toBeTruthy()
    expect(onApplied).not.toHaveBeenCalled()
    fireEvent.click(screen.getByTestId('bulk-apply'))
    await waitFor(() => expect(onApplied).toHaveBeenCalledTimes(1))
    expect(run).toHaveBeenLastCalledWith(expect.any(Array), false)
    await axeClean()
  })

  it('shows the rows that break a rule and offers no apply', async () => {
    const run = vi.fn().mockResolvedValue({
      ...preview,
      diffs: [],
      errors: [{ row: 0, email: 'me@firm.at', field: 'enabled', message: { key: 'users:rule.selfDisable' } }],
    })
    renderWithShell(<BulkDialog emails={['me@firm.at']} companies={companies} run={run} onApplied={() => {}} onClose={() => {}} describeError={String} />, { lng: 'de' })
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'disable' } })
    fireEvent.click(screen.getByTestId('bulk-preview'))
    const refused = await screen.findByTestId('bulk-refused')
    expect(refused.textContent).toContain('Sie können sich nicht selbst deaktivieren')
    expect((screen.getByTestId('bulk-apply') as HTMLButtonElement).disabled).toBe(true)
  })
})
