import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen } from '@testing-library/react'
import axe from 'axe-core'
import type { Responsibility } from '@portal/sdk/services'
import { renderWithShell } from '../../test/render'
import { ResponsibilityTable } from './ResponsibilityTable'

const rows: Responsibility[] = [
  { companyNo: 1001, companyName: 'Gasthaus Alpenblick', companyPlace: 'Innsbruck', staffId: 'a', staffName: 'Stefan Bauer', staffEmail: 'staff@demo.portal' },
  { companyNo: 1002, companyName: 'Bäckerei Huber', companyPlace: 'Linz', staffId: null, staffName: null, staffEmail: null },
]

describe('ResponsibilityTable', () => {
  it('shows each company with its responsible staff member, or nobody, and selects companies', async () => {
    const onToggle = vi.fn()
    const onToggleAll = vi.fn()
    renderWithShell(<ResponsibilityTable rows={rows} selected={new Set([1001])} onToggle={onToggle} onToggleAll={onToggleAll} />, { lng: 'de' })
    const staff = screen.getAllByTestId('responsibility-staff').map((cell) => cell.textContent)
    expect(staff).toEqual(['Stefan Bauer (staff@demo.portal)', 'niemand'])
    fireEvent.click(screen.getByRole('checkbox', { name: '1002 Bäckerei Huber auswählen' }))
    expect(onToggle).toHaveBeenCalledWith(1002, true)
    fireEvent.click(screen.getByRole('checkbox', { name: 'Alle Klienten dieser Seite auswählen' }))
    expect(onToggleAll).toHaveBeenCalledWith(true)
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })
})
