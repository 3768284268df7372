import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen } from '@testing-library/react'
import axe from 'axe-core'
import type { PageRegion } from '../../components/PageViewer/pageSelection'
import { renderWithShell } from '../../test/render'
import { FieldEditor } from './FieldEditor'
import { SelectionBar } from './SelectionBar'

function Editor({ field, name, value, onSave }: { field: string; name: string; value?: string; onSave: (value: string) => Promise<void> }) {
  const [open, setOpen] = useState(false)
  return <FieldEditor field={field} name={name} value={value} open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)} onSave={onSave} />
}

describe('FieldEditor', () => {
  it('reads an amount as people type it and saves the stored form with Enter', async () => {
    const onSave = vi.fn(() => Promise.resolve())
    renderWithShell(<Editor field="total_gross" name="Total gross" value="100.00" onSave={onSave} />)
    fireEvent.click(screen.getByRole('button', { name: 'Correct Total gross' }))
    const input = screen.getByRole('textbox', { name: 'Correct Total gross' })
    fireEvent.change(input, { target: { value: '1.234,56 €' } })
    expect(screen.getByText('→ 1234.56')).toBeTruthy()
    await act(async () => {
      fireEvent.submit(input.closest('form')!)
    })
    expect(onSave).toHaveBeenCalledWith('1234.56')
    // Saved: the editor closes.
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  it('says what is wrong in German while typing, saves nothing invalid, and Escape cancels', () => {
    const onSave = vi.fn(() => Promise.resolve())
    renderWithShell(<Editor field="issue_date" name="Rechnungsdatum" onSave={onSave} />, { lng: 'de' })
    fireEvent.click(screen.getByRole('button', { name: 'Rechnungsdatum korrigieren' }))
    const input = screen.getByRole('textbox', { name: 'Rechnungsdatum korrigieren' })
    fireEvent.change(input, { target: { value: '31.02.2026' } })
    expect(screen.getByText('Bitte geben Sie ein gültiges Datum im Format JJJJ-MM-TT von 1900 bis 2199 ein')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(input, { target: { value: '28.02.2026' } })
    expect(screen.getByText('→ 2026-02-28')).toBeTruthy()
    fireEvent.keyDown(input, { key: 'Escape' })
    expect(onSave).not.toHaveBeenCalled()
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  it('shows stored tax lines as they are typed and stores what is typed as tax lines', async () => {
    const onSave = vi.fn(() => Promise.resolve())
    renderWithShell(<Editor field="tax_breakdown" name="Tax by rate" value='[{"basis":"100.00","rate":"20","tax":"20.00"}]' onSave={onSave} />)
    fireEvent.click(screen.getByRole('button', { name: 'Correct Tax by rate' }))
    const input = screen.getByRole('textbox', { name: 'Correct Tax by rate' }) as HTMLInputElement
    expect(input.value).toBe('20 % 100.00 20.00')
    fireEvent.change(input, { target: { value: '20 % 100,00 20,00; 10 % 50,00 5,00' } })
    await act(async () => {
      fireEvent.submit(input.closest('form')!)
    })
    expect(onSave).toHaveBeenCalledWith('[{"basis":"100.00","rate":"20","tax":"20.00"},{"basis":"50.00","rate":"10","tax":"5.00"}]')
  })

  it('offers a choice for fields with a fixed set of values', () => {
    renderWithShell(<Editor field="payment_method" name="Payment method" onSave={() => Promise.resolve()} />)
    fireEvent.click(screen.getByRole('button', { name: 'Correct Payment method' }))
    const select = screen.getByRole('combobox', { name: 'Correct Payment method' }) as HTMLSelectElement
    expect([...select.options].map((o) => o.textContent)).toEqual(['Payment method', 'Bank transfer', 'SEPA direct debit', 'Paid in cash', 'Credit card'])
  })
})

describe('SelectionBar', () => {
  const region: PageRegion = { page: 1, box: { x: 10, y: 20, width: 40, height: 10 }, text: '1.234,56' }
  const fields = [
    { field: 'invoice_number', name: 'Rechnungsnummer' },
    { field: 'total_gross', name: 'Gesamtbetrag brutto' },
  ]

  it('shows what was selected, offers the suggested field first, assigns with Enter and discards with Escape', async () => {
    const onAssign = vi.fn()
    const onDiscard = vi.fn()
    renderWithShell(<SelectionBar region={region} fields={fields} suggested="total_gross" onAssign={onAssign} onDiscard={onDiscard} />, { lng: 'de' })
    expect(screen.getByTestId('selection-text').textContent).toBe('Markiert: „1.234,56“')
    const select = screen.getByRole('combobox', { name: 'Dem Feld zuordnen' }) as HTMLSelectElement
    expect(select.value).toBe('total_gross')
    fireEvent.submit(select.closest('form')!)
    expect(onAssign).toHaveBeenCalledWith('total_gross')
    fireEvent.keyDown(select, { key: 'Escape' })
    expect(onDiscard).toHaveBeenCalled()
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })

  it('cannot assign an empty box: it says to type the value', () => {
    renderWithShell(<SelectionBar region={{ ...region, text: '' }} fields={fields} suggested={undefined} onAssign={vi.fn()} onDiscard={vi.fn()} />)
    expect(screen.getByTestId('selection-text').textContent).toBe('No text in the box. Type the value instead.')
    expect((screen.getByRole('button', { name: 'Assign' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
