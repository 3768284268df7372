import { describe, expect, it, vi } from 'vitest'
import { render } from 'ink-testing-library'
import type { UserChange } from '@portal/sdk/domain'
import type { User, UserBulkResult } from '@portal/sdk/services'
import { createTranslator } from '../../../i18n'
import { UsersScreen } from './UsersScreen'
import { TuiApp } from '../TuiApp/TuiApp'

const user = (n: number, email: string, permissions: string[], enabled = true): User => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  keycloakId: `k${n}`,
  username: email,
  email,
  firstName: `Vorname${n}`,
  lastName: `Nachname${n}`,
  telNr: null,
  locale: 'de',
  favClient: null,
  permissions,
  clientAccess: 'assigned',
  klienten: [1001],
  excluded: [],
  mobileApp: false,
  enabled,
  lastLogin: null,
})

const USERS = [user(1, 'anna@kanzlei.test', ['doc']), user(2, 'bernd@kanzlei.test', ['doc', 'rep']), user(3, 'clara@kanzlei.test', [], false)]

// Ink reads input asynchronously; give it a moment between keys, and wait until it listens.
const tick = () => new Promise((resolve) => setTimeout(resolve, 20))
const listening = (app: { stdin: { listenerCount(event: string): number } }) =>
  vi.waitFor(() => expect(app.stdin.listenerCount('readable')).toBeGreaterThan(0))
const ENTER = '\r'
const ESC = '\u001B'
const DOWN = '\u001B[B'
const RIGHT = '\u001B[C'

async function press(app: { stdin: { write(data: string): void } }, ...keys: string[]) {
  for (const key of keys) {
    app.stdin.write(key)
    await tick()
  }
}

function server(answer: (changes: UserChange[], dryRun: boolean) => UserBulkResult | Promise<UserBulkResult>) {
  const calls: { changes: UserChange[]; dryRun: boolean }[] = []
  const applyChanges = async (changes: UserChange[], dryRun: boolean) => {
    calls.push({ changes, dryRun })
    return answer(changes, dryRun)
  }
  return { calls, applyChanges, watchUsers: (onChange: (users: User[]) => void) => (onChange(USERS), () => undefined) }
}

const diffOf = (email: string) => ({
  userId: email,
  email,
  permissions: { added: ['doc'], removed: [] },
  klienten: { added: [], removed: [] },
  excluded: { added: [], removed: [] },
})

describe('UsersScreen', () => {
  it('lists the users and filters them by e-mail or name', async () => {
    const fake = server(() => ({ dryRun: true, applied: false, diffs: [], errors: [], unchanged: 0 }))
    const app = render(<UsersScreen t={createTranslator('en')} {...fake} onBack={() => undefined} />)
    await vi.waitFor(() => expect(app.lastFrame()).toContain('anna@kanzlei.test'))
    expect(app.lastFrame()).toContain('clara@kanzlei.test Nachname3, Vorname3 ·  · disabled')
    expect(app.lastFrame()).toContain('(3/3, 0 selected)')
    await listening(app)
    await press(app, '/', 'b', 'e', 'r')
    await vi.waitFor(() => expect(app.lastFrame()).toContain('(1/3, 0 selected)'))
    expect(app.lastFrame()).toContain('bernd@kanzlei.test')
    expect(app.lastFrame()).not.toContain('anna@kanzlei.test')
  })

  it('toggles a permission for the selected users, shows the server’s preview, and applies it on y', async () => {
    const fake = server((changes, dryRun) => ({ dryRun, applied: !dryRun, diffs: changes.map((change) => diffOf(change.email)), errors: [], unchanged: 0 }))
    const app = render(<UsersScreen t={createTranslator('en')} {...fake} onBack={() => undefined} />)
    await vi.waitFor(() => expect(app.lastFrame()).toContain('anna@kanzlei.test'))
    await listening(app)
    // Select Anna and Clara (Space, down, down, Space), then the permission row: doc is the 7th code.
    await press(app, ' ', DOWN, DOWN, ' ')
    await vi.waitFor(() => expect(app.lastFrame()).toContain('2 selected'))
    await press(app, 'p', RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, ' ')
    await vi.waitFor(() => expect(app.lastFrame()).toContain('+doc'))
    await press(app, ENTER)
    await vi.waitFor(() => expect(app.lastFrame()).toContain('Apply these changes to 2 user(s)? (y/n)'))
    expect(app.lastFrame()).toContain('anna@kanzlei.test: gains permissions doc')
    expect(fake.calls).toEqual([
      {
        dryRun: true,
        changes: [
          { email: 'anna@kanzlei.test', addPermissions: ['doc'] },
          { email: 'clara@kanzlei.test', addPermissions: ['doc'] },
        ],
      },
    ])
    await press(app, 'y')
    await vi.waitFor(() => expect(app.lastFrame()).toContain('2 user(s) changed, 0 unchanged'))
    expect(fake.calls.map((call) => call.dryRun)).toEqual([true, false])
    expect(app.lastFrame()).toContain('0 selected')
  })

  it('shows the server’s refusal and changes nothing; Esc goes back', async () => {
    const fake = server(() => {
      throw Object.assign(new Error('refused'), { data: { key: 'users:rule.selfDisable' } })
    })
    const onBack = vi.fn()
    const app = render(<UsersScreen t={createTranslator('de')} {...fake} onBack={onBack} />)
    await vi.waitFor(() => expect(app.lastFrame()).toContain('anna@kanzlei.test'))
    await listening(app)
    await press(app, 'p', 'd', ENTER)
    await vi.waitFor(() => expect(app.lastFrame()).toContain('Sie können sich nicht selbst deaktivieren'))
    await press(app, ESC)
    expect(onBack).toHaveBeenCalledOnce()
  })

  it('opens from the terminal app’s company list with Tab for user managers, and Esc goes back', async () => {
    const fake = server(() => ({ dryRun: true, applied: false, diffs: [], errors: [], unchanged: 0 }))
    const companies = [{ company_no: 1001, company_name: 'Alpenblick Hotel GmbH', company_place: 'Innsbruck', current_accounting: 2025 }]
    const app = render(<TuiApp t={createTranslator('en')} userLabel="Ada Admin" companies={companies} watchCounts={() => () => undefined} users={fake} />)
    expect(app.lastFrame()).toContain('Tab: users')
    await listening(app)
    await press(app, '\t')
    await vi.waitFor(() => expect(app.lastFrame()).toContain('User administration (3/3, 0 selected)'))
    await press(app, ESC)
    await vi.waitFor(() => expect(app.lastFrame()).toContain('1001 Alpenblick Hotel GmbH, Innsbruck'))
  })
})
