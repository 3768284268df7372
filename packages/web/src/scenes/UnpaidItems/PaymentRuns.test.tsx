import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import axe from 'axe-core'
import type { PaymentProposal, PaymentRunRecord } from '@portal/sdk/services'
import { fakePortalClient, renderSignedIn, type FakeCall } from '../../test/session'
import { PaymentRuns } from './PaymentRuns'

const COMPANY = { company_no: 1001, company_name: 'Alpenblick', company_place: 'Wels', current_accounting: 2026 }
const invoice = (id: number, account: number, partner: string, number: string, amount: string) => ({
  id, account, partner_name: partner, document_number: number, due_date: '2026-03-10', discount_due_date: null, open: amount, amount, discount: '0.00', has_iban: true,
})
const proposal: PaymentProposal = {
  company_no: 1001,
  execution_date: '2026-03-02',
  days: 14,
  items: [invoice(11, 330001, 'Holzbau Maier', 'RE-1', '1000.00'), invoice(12, 330002, 'Druckerei Berger', 'RE-9', '300.00'), invoice(13, 330001, 'Holzbau Maier', 'RE-2', '200.00')],
  credit_notes: [
    { id: 41, account: 330001, partner_name: 'Holzbau Maier', document_number: 'GS-7', amount: '-150.00' },
    { id: 42, account: 330001, partner_name: 'Holzbau Maier', document_number: null, amount: '-50.00' },
  ],
  total: '1500.00',
}
const run = { id: 5, count: 3, total: '1300.00', status: 'created', items: [], execution_date: '2026-03-02', release_required: false } as unknown as PaymentRunRecord
const render = (create: (call: FakeCall) => unknown, lng: 'en' | 'de') => {
  const fake = fakePortalClient({ 'payment-proposals': { find: () => proposal }, 'payment-runs': { find: () => [], create } })
  renderSignedIn(<PaymentRuns client={fake.client} companyNo={1001} />, { client: fake.client, permissions: ['rep', 'pay'], companies: [COMPANY], companyNo: 1001, lng })
  return fake
}
const text = (element: HTMLElement) => (element.textContent ?? '').replace(/\s/g, ' ')

// Credit notes set off in a run (docs/payments.md): the proposal shows each supplier's credit notes beside its invoices
// with the supplier's net; the person includes or excludes them; the service only sets them off with one transfer per
// supplier, and its refusal when they reach the invoices is shown in the person's language.
describe('credit notes in the payment run proposal', () => {
  it('shows a supplier credit notes beside its invoices with the net, and creates the run with the chosen ones', async () => {
    const { calls } = render(() => run, 'en')
    fireEvent.click(await screen.findByTestId('run-propose'))
    const group = await screen.findByTestId('run-credit-supplier')
    expect(within(group).getByText('Holzbau Maier')).toBeTruthy()
    expect(text(group)).toContain('RE-1')
    expect(text(group)).toContain('RE-2')
    const credits = within(group).getAllByTestId('run-credit') as HTMLInputElement[]
    expect(credits.map((box) => box.labels?.[0]?.textContent)).toEqual(['Set off GS-7 · -€150.00', 'Set off #42 · -€50.00'])
    // One transfer per invoice sets nothing off: the credit notes wait, and say why.
    expect(credits.every((box) => box.disabled && !box.checked)).toBe(true)
    expect(screen.getByTestId('run-credit-hint').textContent).toBe('Credit notes are set off only with one transfer per supplier: choose it under Transfers.')
    expect(screen.getByTestId('run-total').textContent).toBe('3 invoices, €1,500.00')
    fireEvent.change(screen.getByTestId('run-grouping'), { target: { value: 'supplier' } })
    expect(credits.every((box) => !box.disabled && box.checked)).toBe(true)
    expect(within(group).getByTestId('run-credit-net').textContent).toBe('Net to Holzbau Maier: €1,000.00')
    expect(screen.getByTestId('run-total').textContent).toBe('3 invoices, 2 credit notes, €1,300.00')
    fireEvent.click(credits[1])
    expect(within(group).getByTestId('run-credit-net').textContent).toBe('Net to Holzbau Maier: €1,050.00')
    expect(screen.getByTestId('run-total').textContent).toBe('3 invoices, 1 credit note, €1,350.00')
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
    fireEvent.click(screen.getByTestId('run-create'))
    await screen.findByText(/Payment run 5 created/)
    expect(calls.filter((call) => call.method === 'create').map((call) => call.data)).toEqual([
      { company_no: 1001, open_item_ids: [11, 12, 13], execution_date: expect.any(String), grouping: 'supplier', pain_version: 'pain.001.001.09', credit_note_ids: [41] },
    ])
  })

  it("shows the service's refusal of credit notes that reach the invoices in German", async () => {
    const { calls } = render(() => {
      throw { code: 400, message: 'credit_note_ids: creditExceeds (330001)', data: { key: 'unpaid:runs.error.creditExceeds', params: { field: 'credit_note_ids', rule: 'creditExceeds', account: '330001' } } }
    }, 'de')
    fireEvent.click(await screen.findByTestId('run-propose'))
    await screen.findByTestId('run-credit-supplier')
    fireEvent.change(screen.getByTestId('run-grouping'), { target: { value: 'supplier' } })
    // Without RE-1 the supplier's credit notes (200) meet its one invoice left (RE-2, 200): nothing to pay.
    for (const box of screen.getAllByTestId('run-item') as HTMLInputElement[]) if (box.labels?.[0]?.textContent?.includes('RE-1')) fireEvent.click(box)
    expect(text(screen.getByTestId('run-credit-net'))).toBe('Netto an Holzbau Maier: 0,00 €')
    fireEvent.click(screen.getByTestId('run-create'))
    await screen.findByText('Die Gutschriften von Lieferant 330001 erreichen oder übersteigen seine Rechnungen: Nichts zu zahlen.')
    expect((calls.find((call) => call.method === 'create')?.data as { credit_note_ids: number[] }).credit_note_ids).toEqual([41, 42])
  })
})
