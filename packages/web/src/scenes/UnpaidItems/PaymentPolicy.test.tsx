import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import axe from 'axe-core'
import type { ApprovalPolicyRecord } from '@portal/sdk/services'
import { fakePortalClient, renderSignedIn } from '../../test/session'
import { PaymentPolicy } from './PaymentPolicy'

const COMPANY = { company_no: 1001, company_name: 'Alpenblick', company_place: 'Wels', current_accounting: 2026 }
const policy = (change: Partial<ApprovalPolicyRecord> = {}): ApprovalPolicyRecord => ({
  company_no: 1001, single_limit: '2000.00', approvers: [], run_release_required: false, debtor_name: null, debtor_iban: null, debtor_bic: null,
  candidates: [{ id: '00000000-0000-4000-8000-000000000001', name: 'Anna Huber' }, { id: '00000000-0000-4000-8000-000000000002', name: 'Paula Zahler' }],
  delegations: [], updated_by_name: null, updated_at: null, ...change,
})
const answers = () => fakePortalClient({ 'approval-policies': { get: () => policy(), patch: (call) => policy(call.data as Partial<ApprovalPolicyRecord>) } })

// The approval policy on the unpaid items (docs/payments.md): where the company's payers work, not only on the
// administrator's company settings; the SDK's ability table decides who sees it, as the server's policy decides.
describe('the approval policy on the unpaid items', () => {
  it('lets a holder of pay change the limit and the release where the runs are made (German), axe clean', async () => {
    const { client, calls } = answers()
    renderSignedIn(<PaymentPolicy companyNo={1001} />, { client, permissions: ['rep', 'pay'], companies: [COMPANY], companyNo: 1001, lng: 'de' })
    await screen.findByRole('heading', { name: 'Freigabe und Zahlung' })
    expect((screen.getByTestId('policy-limit') as HTMLInputElement).value).toBe('2000.00')
    fireEvent.change(screen.getByTestId('policy-limit'), { target: { value: '5000,50' } })
    fireEvent.click(screen.getByTestId('policy-release'))
    fireEvent.click(screen.getByTestId('policy-save'))
    await screen.findByText('Freigaberegel gespeichert.')
    expect(calls.filter((call) => call.method === 'patch')).toEqual([
      { path: 'approval-policies', method: 'patch', id: 1001, data: { single_limit: '5000.50', approvers: [], run_release_required: true, debtor_name: null, debtor_iban: null, debtor_bic: null } },
    ])
    // Delegating is the approvers' (app): a payer without it is not offered it.
    expect(screen.queryByTestId('delegate-add')).toBeNull()
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })

  it('shows an approver (app) the policy read-only, with the delegations', async () => {
    const { client } = answers()
    renderSignedIn(<PaymentPolicy companyNo={1001} />, { client, permissions: ['rep', 'app'], companies: [COMPANY], companyNo: 1001 })
    await screen.findByRole('heading', { name: 'Approval and payment' })
    expect(screen.queryByTestId('policy-save')).toBeNull()
    expect((screen.getByTestId('policy-limit') as HTMLInputElement).readOnly).toBe(true)
    expect(screen.getByTestId('delegate-add')).toBeTruthy()
  })

  it('shows nothing, and asks nothing of the server, without the right or the company', async () => {
    for (const session of [{ permissions: ['rep'], companies: [COMPANY] }, { permissions: ['rep', 'pay', 'app'], companies: [{ ...COMPANY, company_no: 1002 }] }]) {
      const { client, calls } = answers()
      const { unmount } = renderSignedIn(<PaymentPolicy companyNo={1001} />, { client, ...session, companyNo: 1001 })
      await waitFor(() => expect(screen.queryByTestId('approval-policy')).toBeNull())
      expect(calls).toEqual([])
      unmount()
    }
  })
})
