import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import axe from 'axe-core'
import type { DocumentRequestRecord } from '@portal/sdk/services'
import { fakePortalClient, renderSignedIn } from '../../test/session'
import { RequestItem } from './RequestItem'

const COMPANY = { company_no: 1002, company_name: 'Bäckerei Steiner KG', company_place: 'Graz', current_accounting: 2026 }

const request = (extra: Partial<DocumentRequestRecord> = {}): DocumentRequestRecord => ({
  id: 7, company_no: 1002, kind: 'transaction', text: 'Bitte Beleg hochladen.', due_date: '2026-04-15', status: 'open', bank_transaction_id: 3,
  transaction: { booking_date: '2026-03-20', amount: '-118.80', currency: 'EUR', counterparty_name: 'Büro Kaiser KG', remittance: '', matched: false },
  document_id: null, answer: null, created_by_name: 'Stefan Bauer', created_at: '2026-03-21T08:00:00Z', answered_by_name: null, answered_at: null,
  closed_by_name: null, closed_at: null, messages: 0, reminders: [{ at: '2026-04-15T06:00:00Z', recipient_name: 'Clara Steiner' }], ...extra,
})

describe('a request', () => {
  it('shows the company what is asked and who was reminded, answers with a text, offers no close; axe-clean (German)', async () => {
    const { client, calls } = fakePortalClient({ 'document-requests': { patch: () => request({ status: 'answered', answer: 'Liegt bei.' }) } })
    renderSignedIn(<ul><RequestItem request={request()} /></ul>, { client, permissions: ['doc'], companies: [COMPANY], companyNo: 1002, lng: 'de' })
    expect(screen.getByText(/Bankbuchung: 20\.03\.2026/)).toBeTruthy()
    expect(screen.getByTestId('request-reminded').textContent).toContain('Clara Steiner')
    expect(screen.queryByTestId('request-close-7')).toBeNull()
    fireEvent.change(screen.getByTestId('request-answer-text-7'), { target: { value: 'Liegt bei.' } })
    fireEvent.click(screen.getByTestId('request-answer-send-7'))
    await waitFor(() => expect(calls[0]).toMatchObject({ path: 'document-requests', method: 'patch', data: { answer: 'Liegt bei.' } }))
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })

  it('offers staff the close', () => {
    const { client } = fakePortalClient({})
    renderSignedIn(<RequestItem request={request()} />, { client, permissions: ['doc', 'acc'], companies: [COMPANY], companyNo: 1002 })
    expect(screen.getByTestId('request-close-7').textContent).toBe('Close')
  })
})
