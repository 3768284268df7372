import { describe, expect, it, vi } from 'vitest'
import { render } from 'ink-testing-library'
import type { AccountingClient } from '@portal/sdk/services'
import { createTranslator } from '../../../i18n'
import { TuiApp, type WatchCounts, type WatchDocuments } from './TuiApp'
import type { RecentDocument } from '../../../services/tui/recent-documents'
import type { Counts } from '../PendingCounts/PendingCounts'

const companies: AccountingClient[] = [
  { company_no: 1001, company_name: 'Alpenblick Hotel GmbH', company_place: 'Innsbruck', current_accounting: 2025 },
  { company_no: 1002, company_name: 'Donau Logistik OG', company_place: 'Linz', current_accounting: 2025 },
  { company_no: 2040, company_name: 'Weinbau Huber', company_place: 'Krems', current_accounting: 2024 },
]

// Ink reads input asynchronously; give it a moment between keys.
const tick = () => new Promise((resolve) => setTimeout(resolve, 20))
// Keys written before Ink listens to stdin are lost: wait until it does.
const listening = (app: { stdin: { listenerCount(event: string): number } }) =>
  vi.waitFor(() => expect(app.stdin.listenerCount('readable')).toBeGreaterThan(0))
const ENTER = '\r'
const ESC = '\u001B'
const DOWN = '\u001B[B'

function liveCounts() {
  let push: ((counts: Counts) => void) | undefined
  const watched: number[] = []
  const watchCounts: WatchCounts = ({ companyNo, onChange }) => {
    watched.push(companyNo)
    push = onChange
    return () => {
      push = undefined
    }
  }
  return { watchCounts, watched, push: (counts: Counts) => push?.(counts), isWatching: () => push !== undefined }
}

describe('TuiApp', () => {
  it('lists the companies with number, name and place, filtered by name or number as one types', async () => {
    const { watchCounts } = liveCounts()
    const app = render(<TuiApp t={createTranslator('en')} userLabel="Sam Staff" companies={companies} watchCounts={watchCounts} />)
    expect(app.lastFrame()).toContain('1001 Alpenblick Hotel GmbH, Innsbruck')
    expect(app.lastFrame()).toContain('2040 Weinbau Huber, Krems')
    await listening(app)
    app.stdin.write('donau')
    await tick()
    await vi.waitFor(() => expect(app.lastFrame()).toContain('1002 Donau Logistik OG, Linz'))
    await vi.waitFor(() => expect(app.lastFrame()).not.toContain('Alpenblick'))
    for (let i = 0; i < 5; i++) app.stdin.write('\u007F')
    await tick()
    app.stdin.write('204')
    await tick()
    await vi.waitFor(() => expect(app.lastFrame()).toContain('Weinbau Huber'))
    await vi.waitFor(() => expect(app.lastFrame()).not.toContain('Donau'))
    app.stdin.write('9')
    await tick()
    await vi.waitFor(() => expect(app.lastFrame()).toContain('No company matches "2049".'))
    app.unmount()
  })

  it('shows the chosen company and updates its pending counts live, in German', async () => {
    const counts = liveCounts()
    const app = render(<TuiApp t={createTranslator('de')} userLabel="Sam" companies={companies} watchCounts={counts.watchCounts} />)
    await listening(app)
    app.stdin.write(DOWN)
    await vi.waitFor(() => expect(app.lastFrame()).toContain('› 1002 Donau Logistik OG, Linz'))
    app.stdin.write(ENTER)
    await tick()
    await vi.waitFor(() => expect(counts.watched).toEqual([1002]))
    await vi.waitFor(() => expect(app.lastFrame()).toContain('Wird geladen…'))
    counts.push({ invoices: 3, editor: null })
    await tick()
    await vi.waitFor(() => expect(app.lastFrame()).toMatch(/Zu bearbeitende Eingangsrechnungen\s+3/))
    await vi.waitFor(() => expect(app.lastFrame()).toMatch(/Zu bearbeitende Editor-Dokumente\s+nicht verfügbar/))
    counts.push({ invoices: 4, editor: 1 })
    await tick()
    await vi.waitFor(() => expect(app.lastFrame()).toMatch(/Zu bearbeitende Eingangsrechnungen\s+4/))
    await vi.waitFor(() => expect(app.lastFrame()).toMatch(/Zu bearbeitende Editor-Dokumente\s+1/))
    app.stdin.write(ESC)
    await vi.waitFor(() => expect(counts.isWatching()).toBe(false))
    await vi.waitFor(() => expect(app.lastFrame()).toContain('Klient suchen:'))
    app.unmount()
  })

  it('follows the newest documents of the company and their processing', async () => {
    const counts = liveCounts()
    let push: ((documents: RecentDocument[] | null) => void) | undefined
    const watchDocuments: WatchDocuments = ({ onChange }) => {
      push = onChange
      return () => undefined
    }
    const app = render(
      <TuiApp t={createTranslator('en')} userLabel="Sam" companies={companies} watchCounts={counts.watchCounts} watchDocuments={watchDocuments} />,
    )
    await listening(app)
    app.stdin.write(ENTER)
    await vi.waitFor(() => expect(push).toBeDefined())
    push!([])
    await vi.waitFor(() => expect(app.lastFrame()).toContain('No documents yet.'))
    push!([{ id: 1, fileName: 'scan-1.pdf', state: 'processing' }])
    await vi.waitFor(() => expect(app.lastFrame()).toMatch(/processing\s+scan-1\.pdf/))
    push!([{ id: 1, fileName: 'scan-1.pdf', state: 'done' }])
    await vi.waitFor(() => expect(app.lastFrame()).toMatch(/ready\s+scan-1\.pdf/))
    app.unmount()
  })
})
