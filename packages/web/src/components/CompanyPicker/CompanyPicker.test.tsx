import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen } from '@testing-library/react'
import type { AccountingClient } from '@portal/sdk/services'
import { renderWithShell } from '../../test/render'
import { CompanyPicker } from './CompanyPicker'

const companies: AccountingClient[] = [
  { company_no: 1001, company_name: 'Alpenblick Hotel GmbH', company_place: 'Innsbruck', current_accounting: 2026 },
  { company_no: 1002, company_name: 'Donau Logistik KG', company_place: 'Linz', current_accounting: 2026 },
  { company_no: 2040, company_name: 'Grazer Bäckerei e.U.', company_place: 'Graz', current_accounting: 2025 },
]

const options = () => screen.getAllByRole('option').map((o) => o.textContent)

describe('CompanyPicker', () => {
  it('shows the selected company and lists number, name and place on focus', () => {
    renderWithShell(<CompanyPicker companies={companies} value={1002} onSelect={() => {}} />)
    const input = screen.getByRole('combobox', { name: 'Company' }) as HTMLInputElement
    expect(input.value).toBe('1002 · Donau Logistik KG')
    expect(input.accessKey).toBe('f')
    fireEvent.focus(input)
    expect(options()).toEqual([
      '1001 · Alpenblick Hotel GmbHInnsbruck',
      '1002 · Donau Logistik KGLinz',
      '2040 · Grazer Bäckerei e.U.Graz',
    ])
  })

  it('selects its text on focus so typing replaces it', () => {
    renderWithShell(<CompanyPicker companies={companies} value={1001} onSelect={() => {}} />)
    const input = screen.getByRole('combobox') as HTMLInputElement
    input.focus()
    fireEvent.focus(input)
    expect(input.selectionStart).toBe(0)
    expect(input.selectionEnd).toBe(input.value.length)
  })

  it('filters by name or number and selects with the keyboard', () => {
    const onSelect = vi.fn()
    renderWithShell(<CompanyPicker companies={companies} value={1001} onSelect={onSelect} />)
    const input = screen.getByRole('combobox')
    fireEvent.focus(input)
    fireEvent.change(input, { target: { value: 'bäck' } })
    expect(options()).toEqual(['2040 · Grazer Bäckerei e.U.Graz'])
    fireEvent.change(input, { target: { value: '100' } })
    expect(options()).toHaveLength(2)
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(onSelect).toHaveBeenCalledWith(1002)
  })

  it('says when nothing matches, in German too', () => {
    renderWithShell(<CompanyPicker companies={companies} value={0} onSelect={() => {}} />, { lng: 'de' })
    const input = screen.getByRole('combobox', { name: 'Klient' })
    fireEvent.focus(input)
    fireEvent.change(input, { target: { value: 'Wien' } })
    expect(options()).toEqual(['Kein Klient gefunden'])
  })

  it('selects a company with the mouse', () => {
    const onSelect = vi.fn()
    renderWithShell(<CompanyPicker companies={companies} value={1001} onSelect={onSelect} />)
    fireEvent.focus(screen.getByRole('combobox'))
    fireEvent.mouseDown(screen.getByRole('option', { name: /Grazer/ }))
    expect(onSelect).toHaveBeenCalledWith(2040)
  })
})
