import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import axe from 'axe-core'
import { quotaStatus } from '@portal/sdk/domain'
import type { FonItem } from '@portal/sdk/services'
import { renderWithShell } from '../../test/render'
import { FonTable } from './FonTable'
import { QuotaChart } from './QuotaChart'

const item = (id: number, extra: Partial<FonItem> = {}): FonItem => ({
  id,
  state: 'dataConflict',
  conflictKind: 'fonMismatch',
  conflictField: 'receivedOn',
  ntcsValue: '2026-09-30',
  fonValue: null,
  name: `Klient ${id}`,
  taxId: `12345678${id}`,
  ntcsPersNr: String(1000 + id),
  returnType: 'E',
  year: 2025,
  submittedOn: '2026-09-30',
  receivedOn: null,
  action: 'checkFon',
  employeeName: 'Stefan Bauer',
  employeeEmail: 'staff@demo.portal',
  regKassa: 'inOperation',
  companyId: 1001,
  kontonr: '201001',
  ntcsId: 'N1001',
  kanzleiId: '7',
  saldo: '120.50',
  remark: null,
  resolvedBy: null,
  resolvedAt: null,
  version: 1,
  updatedAt: '2026-11-24T08:00:00.000Z',
  ...extra,
})

describe('the quota table', () => {
  it('shows the columns of SPEC §3 in the user’s language, without accessibility violations', async () => {
    renderWithShell(<FonTable items={[item(1), item(2, { state: 'submitted', conflictKind: null, conflictField: null, receivedOn: '2026-10-01', action: 'none' })]} onOpen={vi.fn()} onResolve={vi.fn()} onReopen={vi.fn()} />, { lng: 'de' })
    const rows = screen.getAllByTestId('fon-row')
    expect(within(rows[0]).getByTestId('fon-state').textContent).toBe('Datenkonflikt')
    expect(rows[0].textContent).toContain('Abweichender Wert auf FinanzOnline-Seite')
    expect(rows[0].textContent).toContain('In FinanzOnline prüfen')
    expect(rows[0].textContent).toContain('Stefan Bauer')
    expect(rows[0].textContent).toContain('In Betrieb')
    expect(within(rows[1]).queryByTestId('fon-resolve')).toBeNull()
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })

  it('takes the keyboard: arrows move, Enter opens, r resolves only a conflict, o reopens only a resolved item', () => {
    const onOpen = vi.fn()
    const onResolve = vi.fn()
    const onReopen = vi.fn()
    const items = [item(1), item(2, { state: 'resolvedManually', remark: 'ok' }), item(3, { state: 'open', conflictKind: null })]
    renderWithShell(<FonTable items={items} onOpen={onOpen} onResolve={onResolve} onReopen={onReopen} />)
    const rows = screen.getAllByTestId('fon-row')
    rows[0].focus()
    fireEvent.keyDown(rows[0], { key: 'r' })
    expect(onResolve).toHaveBeenCalledWith(items[0])
    fireEvent.keyDown(rows[0], { key: 'ArrowDown' })
    expect(document.activeElement).toBe(rows[1])
    fireEvent.keyDown(rows[1], { key: 'r' })
    fireEvent.keyDown(rows[1], { key: 'o' })
    expect(onResolve).toHaveBeenCalledTimes(1)
    expect(onReopen).toHaveBeenCalledWith(items[1])
    fireEvent.keyDown(rows[2], { key: 'o' })
    fireEvent.keyDown(rows[2], { key: 'Enter' })
    expect(onReopen).toHaveBeenCalledTimes(1)
    expect(onOpen).toHaveBeenCalledWith(items[2])
  })
})

describe('the quota chart', () => {
  it('gives the figures as a table too: target, achieved, filed of total and the outlook, with the forecast', () => {
    const items = Array.from({ length: 10 }, (_, index) => ({ returnType: 'E' as const, counts: true, receivedOn: index < 3 ? '2026-10-15' : null }))
    const dates = quotaStatus(items, 2025, '2026-11-01').dates.filter((date) => date.group === 'returns')
    renderWithShell(<QuotaChart group="returns" dates={dates} language="en" />)
    const rows = screen.getAllByTestId('quota-date')
    expect(rows).toHaveLength(5)
    expect(rows[0].textContent).toContain('20 %')
    expect(within(rows[0]).getByTestId('quota-achieved').textContent).toBe('30.0 %')
    expect(rows[0].textContent).toContain('3 of 10 filed (needed: 2)')
    expect(rows[0].textContent).toContain('Met')
    expect(rows[1].textContent).toContain('(next)')
    expect(screen.getByTestId('forecast-returns').textContent).toMatch(/Forecast for 30 Nov 2026: 3 of 4 needed — At risk/)
    expect(screen.getByRole('img', { name: 'Achieved vs target per appointment date, Annual returns' })).toBeTruthy()
  })
})
