import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import axe from 'axe-core'
import type { IntakeLogEntry, Scanner } from '@portal/sdk/services'
import { renderWithShell } from '../../test/render'
import { IntakeLog } from './IntakeLog'
import { ScannersTable } from './ScannersTable'

const scanner = (id: number, extra: Partial<Scanner> = {}): Scanner => ({
  id,
  location: `Empfang ${id}`,
  company_no: 1001,
  company_name: 'Alpenblick Gastronomie GmbH',
  activated: true,
  has_token: true,
  token_issued_at: '2026-11-24T08:00:00.000Z',
  last_seen: null,
  documents_today: 0,
  documents_total: 0,
  last_error: null,
  last_error_at: null,
  users: [],
  created_at: '2026-11-24T08:00:00.000Z',
  ...extra,
})

describe('the scanners table', () => {
  it('shows state, last seen, users, today and the last error in the user’s language, without accessibility violations', async () => {
    const scanners = [
      scanner(1, { last_seen: '2026-11-24T09:30:00.000Z', documents_today: 4, users: [{ id: 'u', email: 'staff@demo.portal', name: 'Stefan Bauer' }] }),
      scanner(2, { activated: false, last_error: { key: 'scanners:refusal.deactivated', params: { location: 'Empfang 2' } } }),
      scanner(3, { has_token: false }),
    ]
    renderWithShell(<ScannersTable scanners={scanners} onAction={vi.fn()} onRegister={vi.fn()} />, { lng: 'de' })
    const rows = screen.getAllByTestId('scanner-row')
    expect(within(rows[0]).getByTestId('scanner-state').textContent).toBe('Aktiv')
    expect(within(rows[0]).getByTestId('scanner-today').textContent).toBe('4')
    expect(rows[0].textContent).toContain('Stefan Bauer')
    expect(within(rows[0]).getByTestId('scanner-last-seen').textContent).not.toBe('Nie')
    expect(within(rows[1]).getByTestId('scanner-state').textContent).toBe('Deaktiviert')
    expect(within(rows[1]).getByTestId('scanner-last-error').textContent).toContain('Der Scanner „Empfang 2“ ist deaktiviert')
    expect(within(rows[1]).getByTestId('scanner-last-seen').textContent).toBe('Nie')
    expect(within(rows[2]).getByTestId('scanner-state').textContent).toBe('Token widerrufen')
    expect(within(rows[2]).queryByTestId('scanner-revoke')).toBeNull()
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })

  it('takes the keyboard: arrows move between scanners, r, d and Delete ask for their action, n registers', () => {
    const onAction = vi.fn()
    const onRegister = vi.fn()
    const scanners = [scanner(1), scanner(2, { activated: false })]
    renderWithShell(<ScannersTable scanners={scanners} onAction={onAction} onRegister={onRegister} />)
    const rows = screen.getAllByTestId('scanner-row')
    rows[0].focus()
    fireEvent.keyDown(rows[0], { key: 'ArrowDown' })
    expect(document.activeElement).toBe(rows[1])
    fireEvent.keyDown(rows[1], { key: 'd' })
    expect(onAction).toHaveBeenLastCalledWith(scanners[1], 'activate')
    fireEvent.keyDown(rows[1], { key: 'ArrowUp' })
    fireEvent.keyDown(rows[0], { key: 'r' })
    expect(onAction).toHaveBeenLastCalledWith(scanners[0], 'rotate')
    fireEvent.keyDown(rows[0], { key: 'Delete' })
    expect(onAction).toHaveBeenLastCalledWith(scanners[0], 'revoke')
    fireEvent.keyDown(rows[0], { key: 'd' })
    expect(onAction).toHaveBeenLastCalledWith(scanners[0], 'deactivate')
    fireEvent.keyDown(rows[0], { key: 'n' })
    expect(onRegister).toHaveBeenCalledTimes(1)
  })
})

describe('the intake log', () => {
  it('says what became of each attachment and why a mail was refused', () => {
    const entries: IntakeLogEntry[] = [
      {
        id: 2,
        company_no: 1001,
        at: '2026-11-24T10:00:00.000Z',
        channel: 'smtp',
        sender: 'fremd@example.com',
        recipient: 'rechnungen+1001@kanzlei.at',
        subject: 'Spam',
        attachments: [],
        result: 'refused',
        reason: { key: 'scanners:mail.senderNotAllowed', params: { sender: 'fremd@example.com' } },
      },
      {
        id: 1,
        company_no: 1001,
        at: '2026-11-24T09:00:00.000Z',
        channel: 'smtp',
        sender: 'buchhaltung@lieferant.at',
        recipient: 'rechnungen+1001@kanzlei.at',
        subject: 'Rechnungen',
        attachments: [
          { name: 'miete.pdf', status: 'uploaded', documentId: 17 },
          { name: 'notiz.docx', status: 'refused', error: { key: 'documents:refusal.unsupportedType', params: { file: 'notiz.docx' } } },
        ],
        result: 'partial',
        reason: null,
      },
    ]
    renderWithShell(<IntakeLog entries={entries} />)
    const [refused, partial] = screen.getAllByTestId('intake-log-entry')
    expect(refused.textContent).toContain('The sender fremd@example.com is not on the company’s list of allowed senders.')
    expect(partial.textContent).toContain('miete.pdf (document 17)')
    expect(partial.textContent).toContain('notiz.docx (refused: The file "notiz.docx" is not a PDF')
    expect(partial.textContent).toContain('Partly taken in')
  })
})
