import { describe, expect, it, vi } from 'vitest'
import { render } from 'ink-testing-library'
import type { FonItem } from '@portal/sdk/services'
import { createTranslator } from '../../../i18n'
import { FonConflicts } from './FonConflicts'
import { TuiApp } from '../TuiApp/TuiApp'

const tick = () => new Promise((resolve) => setTimeout(resolve, 20))
const listening = (app: { stdin: { listenerCount(event: string): number } }) =>
  vi.waitFor(() => expect(app.stdin.listenerCount('readable')).toBeGreaterThan(0))
const ENTER = '\r'
const DOWN = '\u001B[B'

const item = (id: number, name: string, patch: Partial<FonItem> = {}): FonItem => ({
  id,
  state: 'dataConflict',
  conflictKind: 'ntcsMismatch',
  conflictField: 'submittedOn',
  ntcsValue: null,
  fonValue: '2026-10-12',
  name,
  taxId: `12345678${id}`,
  ntcsPersNr: String(1000 + id),
  returnType: 'E',
  year: 2025,
  submittedOn: null,
  receivedOn: '2026-10-12',
  action: 'correctNtcs',
  employeeName: null,
  employeeEmail: null,
  regKassa: null,
  companyId: null,
  kontonr: null,
  ntcsId: null,
  kanzleiId: null,
  saldo: null,
  remark: null,
  resolvedBy: null,
  resolvedAt: null,
  version: 1,
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...patch,
})

describe('FonConflicts', () => {
  it('walks the conflicts, shows both sides, refuses an empty remark and resolves with a typed one', async () => {
    let push: (items: FonItem[]) => void = () => undefined
    const resolve = vi.fn(async ({ id }: { id: number; remark: string; version: number }) => item(id, 'Huber Anna', { state: 'resolvedManually' }))
    const watch = (onChange: (items: FonItem[]) => void) => {
      push = onChange
      onChange([item(1, 'Gruber Franz'), item(2, 'Huber Anna', { conflictKind: 'fonMismatch', conflictField: 'receivedOn', ntcsValue: '2026-09-30', fonValue: null, action: 'checkFon' })])
      return () => undefined
    }
    const app = render(<FonConflicts t={createTranslator('en')} watch={watch} resolve={resolve} onQuit={() => undefined} />)
    await listening(app)
    await vi.waitFor(() => expect(app.lastFrame()).toContain('2 open conflicts'))
    expect(app.lastFrame()).toMatch(/FinanzOnline: 2026-10-12/)
    app.stdin.write(DOWN)
    await tick()
    expect(app.lastFrame()).toMatch(/Firm’s records \(NTCS\): 2026-09-30/)
    expect(app.lastFrame()).toMatch(/FinanzOnline: none/)
    app.stdin.write(ENTER)
    await tick()
    app.stdin.write(ENTER)
    await tick()
    expect(app.lastFrame()).toContain('A remark is required to resolve a conflict.')
    expect(resolve).not.toHaveBeenCalled()
    app.stdin.write('FA bestätigt')
    await tick()
    app.stdin.write(ENTER)
    await vi.waitFor(() => expect(resolve).toHaveBeenCalledWith({ id: 2, remark: 'FA bestätigt', version: 1 }))
    await vi.waitFor(() => expect(app.lastFrame()).toContain('Resolved: Huber Anna'))

    // A colleague resolves the other one elsewhere: it leaves the list with a note.
    push([])
    await tick()
    expect(app.lastFrame()).toContain('No open conflicts.')
    expect(app.lastFrame()).toContain('Gruber Franz is no longer open')
    app.unmount()
  })
})

describe('the terminal app', () => {
  it('opens the conflicts screen with Ctrl+F for administrators and goes back with Esc', async () => {
    const watch = (onChange: (items: FonItem[]) => void) => {
      onChange([item(7, 'Moser Karin')])
      return () => undefined
    }
    const app = render(
      <TuiApp
        t={createTranslator('en')}
        userLabel="Admin"
        companies={[{ company_no: 1001, company_name: 'Alpenblick Hotel GmbH', company_place: 'Innsbruck', current_accounting: 2025 }]}
        watchCounts={() => () => undefined}
        fonConflicts={{ watch, resolve: async () => item(7, 'Moser Karin', { state: 'resolvedManually' }) }}
      />,
    )
    await listening(app)
    expect(app.lastFrame()).toContain('Ctrl+F: FON conflicts')
    app.stdin.write('\u0006')
    await vi.waitFor(() => expect(app.lastFrame()).toContain('1 open conflicts'))
    expect(app.lastFrame()).toContain('Moser Karin')
    app.stdin.write('\u001B')
    await vi.waitFor(() => expect(app.lastFrame()).toContain('Alpenblick Hotel GmbH'))
    app.unmount()
  })
})
