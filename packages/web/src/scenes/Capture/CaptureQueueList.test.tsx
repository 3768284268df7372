import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import axe from 'axe-core'
import type { CaptureEntry } from '@portal/sdk/state'
import { renderWithShell } from '../../test/render'
import { CaptureQueueList } from './CaptureQueueList'

const entry = (id: string, change: Partial<CaptureEntry>): CaptureEntry => ({
  id,
  owner: 'u1',
  companyNo: 1002,
  note: '',
  fileName: `receipt-${id}.pdf`,
  pages: 1,
  createdAt: '2026-11-28T10:00:00Z',
  sha256: 'a'.repeat(64),
  state: 'waiting',
  tries: 0,
  ...change,
})

const entries = [
  entry('1', { pages: 2 }),
  entry('2', { state: 'sending', tries: 1 }),
  entry('3', { state: 'sent', documentId: 7 }),
  entry('4', { state: 'exists', documentId: 3 }),
  entry('5', { state: 'refused', problem: { key: 'documents:refusal.brokenPdf', params: { file: 'receipt-5.pdf' } } }),
  entry('6', { problem: { key: 'errors:document.uploadFailed', params: {} }, tries: 2 }),
]

const rowOf = (file: string) => screen.getAllByTestId('capture-entry').find((row) => row.getAttribute('data-file') === file)!

describe('CaptureQueueList', () => {
  it('shows each capture on the device with its state, its pages and a link once the firm has it', () => {
    const onClear = vi.fn()
    renderWithShell(<CaptureQueueList entries={entries} documentHref={(id) => `/doc/1002/${id}`} onClearFinished={onClear} />)
    expect(rowOf('receipt-1.pdf').textContent).toContain('Waiting to be sent')
    expect(rowOf('receipt-1.pdf').textContent).toContain('2 pages')
    expect(rowOf('receipt-2.pdf').textContent).toContain('Sending…')
    expect(within(rowOf('receipt-3.pdf')).getByRole('link', { name: 'Open document' }).getAttribute('href')).toBe('/doc/1002/7')
    expect(rowOf('receipt-4.pdf').textContent).toContain('Already with the firm')
    expect(rowOf('receipt-5.pdf').textContent).toContain('Refused')
    expect(rowOf('receipt-5.pdf').textContent).toContain('The PDF "receipt-5.pdf" is damaged')
    expect(rowOf('receipt-6.pdf').textContent).toContain('Last try:')
    fireEvent.click(screen.getByRole('button', { name: 'Clear finished uploads' }))
    expect(onClear).toHaveBeenCalledTimes(1)
  })

  it('says a waiting capture waits for a connection while the device is offline, in German too', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    renderWithShell(<CaptureQueueList entries={entries} documentHref={(id) => `/doc/1002/${id}`} onClearFinished={() => {}} />, { lng: 'de' })
    expect(rowOf('receipt-1.pdf').textContent).toContain('Wartet auf eine Verbindung')
    expect(rowOf('receipt-4.pdf').textContent).toContain('Schon bei der Kanzlei')
  })

  it('shows nothing when nothing waits or was sent from this device', () => {
    const { container } = renderWithShell(<CaptureQueueList entries={[]} documentHref={(id) => `/doc/1002/${id}`} onClearFinished={() => {}} />)
    expect(container.querySelector('[data-testid=capture-queue]')).toBeNull()
  })

  it('has no accessibility violations', async () => {
    const { container } = renderWithShell(<CaptureQueueList entries={entries} documentHref={(id) => `/doc/1002/${id}`} onClearFinished={() => {}} />)
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })
})
