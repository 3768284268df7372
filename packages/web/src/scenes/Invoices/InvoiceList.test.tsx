import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import axe from 'axe-core'
import { DocumentStatus } from '@portal/sdk/domain'
import type { InvoiceRow } from '../../hooks/useInvoiceList'
import { renderWithShell } from '../../test/render'
import { InvoiceList, type ListEntry } from './InvoiceList'
import { ViewTabs } from './ViewTabs'

const row = (id: number, extra: Partial<InvoiceRow> = {}): InvoiceRow => ({
  id,
  company_no: 1001,
  file_name: `scan-${id}.pdf`,
  invoice_date: '2026-03-05',
  invoice_number: `R-${id}`,
  party_name: 'A1 Telekom Austria AG',
  total_gross: '1234.50',
  currency: 'EUR',
  status: 0,
  processing_state: 'done',
  ...extra,
})

function renderList(entries: ListEntry[], props: { total?: number; selectedId?: number; lng?: 'en' | 'de'; onNearEnd?: () => void; monthTotals?: Record<string, number> } = {}) {
  const onNearEnd = props.onNearEnd ?? vi.fn()
  renderWithShell(
    <InvoiceList
      entries={entries}
      total={props.total ?? entries.length}
      selectedId={props.selectedId ?? 0}
      hrefOf={(id) => `/invoices/1001/er_u/${id}`}
      outgoing={false}
      language={props.lng ?? 'en'}
      caption="Incoming invoices of 1001"
      onNearEnd={onNearEnd}
      loadingMore={false}
      monthTotals={props.monthTotals}
    />,
    { lng: props.lng },
  )
  return onNearEnd
}

describe('InvoiceList', () => {
  it('shows date, supplier, number, gross, status flags and processing state, and marks the open document', () => {
    renderList(
      [
        { kind: 'row', row: row(1, { status: DocumentStatus.Confirmed | DocumentStatus.ERPError }) },
        { kind: 'row', row: row(2, { processing_state: 'processing', party_name: null, total_gross: null }) },
      ],
      { selectedId: 1 },
    )
    const [first, second] = screen.getAllByTestId('invoice-row')
    expect(first.textContent).toContain('5 Mar 2026')
    expect(first.textContent).toContain('A1 Telekom Austria AG')
    expect(first.textContent).toContain('R-1')
    expect(first.textContent).toContain('€1,234.50')
    expect(within(first).getByText('Confirmed')).toBeTruthy()
    expect(within(first).getByText('ERP error')).toBeTruthy()
    expect(first.getAttribute('aria-current')).toBe('true')
    expect(first.getAttribute('href')).toBe('/invoices/1001/er_u/1')
    // Not read yet: the file name stands in for the supplier, and it says it is being read.
    expect(second.textContent).toContain('scan-2.pdf')
    expect(within(second).getByTestId('processing-state').textContent).toBe('Being read')
  })

  it('renders only the lines in view of ten thousand, and asks for more near the end of what is loaded', () => {
    const entries: ListEntry[] = Array.from({ length: 10_000 }, (_, i) => ({ kind: 'row', row: row(i + 1) }))
    const onNearEnd = renderList(entries, { total: 10_000 })
    expect(screen.getAllByTestId('invoice-row').length).toBeLessThan(60)
    expect(onNearEnd).not.toHaveBeenCalled()
    expect(screen.getByTestId('list-count').textContent).toBe('10000 of 10000')
    const few: ListEntry[] = entries.slice(0, 20)
    renderList(few, { total: 500, onNearEnd })
    expect(onNearEnd).toHaveBeenCalled()
  })

  it('groups other documents by month, speaks German and has no accessibility violations', async () => {
    renderList(
      [
        { kind: 'month', month: '2026-03' },
        { kind: 'row', row: row(1) },
        { kind: 'month', month: '' },
        { kind: 'row', row: row(2, { invoice_date: null }) },
      ],
      { lng: 'de', monthTotals: { '2026-03': 12 } },
    )
    expect(screen.getAllByTestId('month-heading').map((h) => h.textContent)).toEqual(['März 2026 · 12 Belege', 'Ohne Datum'])
    expect(screen.getAllByTestId('invoice-row')[0].textContent).toMatch(/1\.234,50\s€/)
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })
})

describe('ViewTabs', () => {
  it('links every view with its count and marks the current one', async () => {
    renderWithShell(<ViewTabs views={['ER_U', 'ER', 'Trash']} current="ER" counts={{ ER_U: 12, ER: 3 }} hrefOf={(view) => `/invoices/1001/${view.toLowerCase()}`} />, { lng: 'de' })
    const tabs = screen.getAllByTestId('view-tab')
    expect(tabs.map((tab) => tab.textContent?.replace(/\s+/g, ' '))).toEqual(['Eingang offen12 (12)', 'Eingang bestätigt3 (3)', 'Papierkorb'])
    expect(tabs[1].getAttribute('aria-current')).toBe('page')
    expect(tabs[0].getAttribute('href')).toBe('/invoices/1001/er_u')
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })
})
