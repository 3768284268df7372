import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import axe from 'axe-core'
import { DataSource } from '@portal/sdk/domain'
import type { DocumentField } from '@portal/sdk/services'
import { renderWithShell } from '../../test/render'
import { FieldList } from './FieldList'

const fields: DocumentField[] = [
  {
    field: 'invoice_number',
    current: { value: '471102', source: DataSource.E_Invoice_XML, confidence: 1, page: null, box: null },
    candidates: [
      { value: '471102', source: DataSource.E_Invoice_XML, confidence: 1, page: null, box: null, label: null, chosen: true },
      { value: '471102', source: DataSource.PDF_Parse, confidence: 0.8, page: 1, box: { x: 234, y: 50, width: 38, height: 14 }, label: 'Rechnung Nr.', chosen: false },
    ],
  },
  {
    field: 'tax_breakdown',
    current: { value: '[{"rate":"20","basis":"100.00","tax":"20.00"}]', source: DataSource.PDF_Parse, confidence: 0.9, page: 1, box: null },
    candidates: [{ value: '[{"rate":"20","basis":"100.00","tax":"20.00"}]', source: DataSource.PDF_Parse, confidence: 0.9, page: 1, box: null, label: null, chosen: true }],
  },
  {
    field: 'skonto_percent',
    current: { value: '2.5', source: DataSource.PDF_Parse, confidence: 0.7, page: 1, box: null },
    candidates: [{ value: '2.5', source: DataSource.PDF_Parse, confidence: 0.7, page: 1, box: null, label: 'Skonto', chosen: true }],
  },
  {
    field: 'issue_date',
    current: { value: '2026-11-05', source: DataSource.PDF_Parse, confidence: 0.9, page: 1, box: null },
    candidates: [],
  },
  {
    field: 'total_gross',
    current: { value: '1250.00', source: DataSource.Human_Labeling, confidence: 1, page: 1, box: null, by: 'Anna Huber' },
    candidates: [],
  },
  {
    field: 'buyer_vat_id',
    current: { value: '', source: DataSource.Human_Labeling, confidence: 1, page: null, box: null, by: 'Anna Huber' },
    candidates: [],
  },
  { field: 'due_date', current: null, candidates: [] },
]

const rowOf = (field: string) => screen.getAllByTestId('field-row').find((row) => row.dataset.field === field)!

function renderList(open: string | null = null, lng: 'en' | 'de' = 'en') {
  const onToggle = vi.fn()
  const onShowCandidate = vi.fn()
  renderWithShell(<FieldList fields={fields} open={open} onToggle={onToggle} active={null} onShowCandidate={onShowCandidate} language={lng} />, { lng })
  return { onToggle, onShowCandidate }
}

describe('FieldList', () => {
  it('shows each field with its current value and where it came from in words, or that it was not found', () => {
    renderList()
    expect(rowOf('invoice_number').textContent).toContain('Invoice number')
    expect(rowOf('invoice_number').textContent).toContain('471102')
    expect(within(rowOf('invoice_number')).getByTestId('field-source').textContent).toBe('Source: read from the e-invoice')
    expect(within(rowOf('issue_date')).getByTestId('field-value').textContent).toBe('5 Nov 2026')
    expect(within(rowOf('total_gross')).getByTestId('field-value').textContent).toBe('1,250.00')
    expect(within(rowOf('total_gross')).getByTestId('field-source').textContent).toBe('Source: entered by Anna Huber')
    expect(within(rowOf('buyer_vat_id')).getByTestId('field-value').textContent).toBe('not on the document')
    expect(rowOf('tax_breakdown').textContent).toContain('20 %: net 100.00, tax 20.00')
    expect(rowOf('skonto_percent').textContent).toContain('Discount (Skonto) in percent')
    expect(rowOf('skonto_percent').textContent).toContain('2.5 %')
    expect(rowOf('due_date').textContent).toContain('not found')
    expect(screen.queryByTestId('candidates')).toBeNull()
  })

  it('opens the candidates on demand and shows each with source, confidence and its place', () => {
    const { onToggle, onShowCandidate } = renderList('invoice_number')
    fireEvent.click(within(rowOf('invoice_number')).getByRole('button', { name: 'Hide candidates' }))
    expect(onToggle).toHaveBeenCalledWith('invoice_number')
    const rows = within(screen.getByTestId('candidates')).getAllByTestId('candidate')
    expect(rows[0].textContent).toContain('(current)')
    expect(rows[0].textContent).toContain('100%')
    expect(rows[0].textContent).toContain('not on a page')
    expect(rows[1].textContent).toContain('read from the page')
    expect(rows[1].textContent).toContain('80%')
    expect(rows[1].textContent).toContain('Label: Rechnung Nr.')
    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Show on page 1' }))
    expect(onShowCandidate).toHaveBeenCalledWith('invoice_number', 1, fields[0].candidates[1])
  })

  it('speaks German and has no accessibility violations', async () => {
    renderList('invoice_number', 'de')
    expect(rowOf('invoice_number').textContent).toContain('Rechnungsnummer')
    expect(rowOf('due_date').textContent).toContain('nicht gefunden')
    expect(within(rowOf('issue_date')).getByTestId('field-value').textContent).toBe('05.11.2026')
    expect(within(rowOf('total_gross')).getByTestId('field-value').textContent).toBe('1.250,00')
    expect(within(rowOf('total_gross')).getByTestId('field-source').textContent).toBe('Quelle: erfasst von Anna Huber')
    expect(rowOf('tax_breakdown').textContent).toContain('20 %: netto 100,00')
    expect(rowOf('invoice_number').textContent).toContain('aus der E-Rechnung gelesen')
    expect(screen.getByRole('button', { name: 'Auf Seite 1 zeigen' })).toBeTruthy()
    const result = await axe.run(screen.getByTestId('field-list'), { rules: { 'color-contrast': { enabled: false } } })
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })
})
