import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import axe from 'axe-core'
import type { DocumentRecord } from '@portal/sdk/services'
import { renderWithShell } from '../../test/render'
import { DocumentsTable } from './DocumentsTable'

const record = (id: number, change: Partial<DocumentRecord> = {}): DocumentRecord => ({
  id,
  company_no: 1001,
  document_type: 'ER',
  category: null,
  status: 0,
  file_name: `invoice-${id}.pdf`,
  mime: 'application/pdf',
  pages: 2,
  size: 1000,
  processing_state: 'done',
  aggregated: true,
  invoice_date: null,
  invoice_number: null,
  party_name: null,
  total_gross: null,
  currency: 'EUR',
  created_at: `2026-11-2${id}T10:00:00.000Z`,
  deleted_at: null,
  version: 1,
  processing_error: null,
  file_kind: 'pdf',
  duplicate_of: null,
  split_suggestion: null,
  ...change,
})

const documents = [
  record(4, { processing_state: 'processing', pages: 0 }),
  record(3),
  record(2, { duplicate_of: 1 }),
  record(1, { processing_state: 'failed', processing_error: 'documents:refusal.brokenPdf' }),
]

const rowOf = (id: number) => screen.getAllByTestId('document-row').find((row) => row.dataset.documentId === String(id))!

function renderTable(onRetry = vi.fn(async () => {}), lng: 'en' | 'de' = 'en') {
  renderWithShell(
    <DocumentsTable documents={documents} caption="Documents of 1001" language={lng} documentHref={(id) => `/doc/1001/${id}`} onRetry={onRetry} />,
    { lng },
  )
  return onRetry
}

describe('DocumentsTable', () => {
  it('shows file, pages, upload time and the status of each document', () => {
    renderTable()
    expect(within(rowOf(4)).getByRole('link', { name: 'invoice-4.pdf' }).getAttribute('href')).toBe('/doc/1001/4')
    expect(rowOf(4).textContent).toContain('Processing')
    expect(rowOf(3).textContent).toContain('Ready')
    expect(rowOf(3).querySelector('time')?.getAttribute('datetime')).toBe('2026-11-23T10:00:00.000Z')
    expect(rowOf(2).textContent).toContain('Needs attention')
    expect(within(rowOf(2)).getByRole('link', { name: 'document 1' }).getAttribute('href')).toBe('/doc/1001/1')
    expect(rowOf(1).textContent).toContain('Failed')
    expect(rowOf(1).textContent).toContain('Reason: The PDF "invoice-1.pdf" is damaged and cannot be read.')
  })

  it('offers Retry only for failed documents and hands the document over', () => {
    const onRetry = renderTable()
    expect(screen.getAllByRole('button', { name: /^Retry/ })).toHaveLength(1)
    fireEvent.click(within(rowOf(1)).getByRole('button', { name: 'Retry processing invoice-1.pdf' }))
    expect(onRetry).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }))
  })

  it('speaks German', () => {
    renderTable(undefined, 'de')
    expect(rowOf(2).textContent).toContain('Prüfung nötig')
    expect(rowOf(1).textContent).toContain('Grund: Das PDF „invoice-1.pdf“ ist beschädigt und kann nicht gelesen werden.')
  })

  it('has no accessibility violations', async () => {
    renderTable()
    const result = await axe.run(screen.getByTestId('documents-table'), { rules: { 'color-contrast': { enabled: false } } })
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })
})
