import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import axe from 'axe-core'
import type { BankAccessRecord } from '@portal/sdk/services'
import { fakePortalClient, renderSignedIn } from '../../test/session'
import { BankAccounts } from './BankAccounts'

const access = (extra: Partial<BankAccessRecord>): BankAccessRecord => ({
  id: 1, company_no: 1001, company_name: 'Alpenblick', iban: 'AT402011182221219900', name: 'Geschäftskonto', provider: 'files', status: 'approved', state: 'expiringSoon',
  expires_on: '2026-12-01', days_left: 7, requested_by_name: 'Anna Huber', requested_at: '2026-09-02T08:00:00Z', decided_by_name: 'Anna Huber', decided_at: '2026-09-02T09:00:00Z',
  reason: null, consent_link: null, events: [], ...extra,
})

describe('bank accounts', () => {
  it('shows state, expiry and the renewal reminder in German, without accessibility violations', async () => {
    const { client } = fakePortalClient({})
    renderSignedIn(<BankAccounts accesses={[access({})]} companyNo={1001} termsAccepted onChange={vi.fn()} />, { client, permissions: ['ban'], companyNo: 1001, lng: 'de' })
    expect(screen.getByTestId('bank-access-state').textContent).toBe('Läuft bald ab')
    expect(screen.getByRole('status').textContent).toContain('Der Zugriff endet in 7 Tagen')
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })

  it('refuses a wrong IBAN in place and sends nothing; a right one is requested', async () => {
    const { client, calls } = fakePortalClient({ 'bank-accesses': { create: () => access({ status: 'pending', state: 'pending', expires_on: null }) } })
    const onChange = vi.fn()
    renderSignedIn(<BankAccounts accesses={[]} companyNo={1001} termsAccepted onChange={onChange} />, { client, permissions: ['ban'], companyNo: 1001, lng: 'de' })
    fireEvent.change(screen.getByTestId('bank-access-iban'), { target: { value: 'AT40 2011 1822 2121 9901' } })
    fireEvent.click(screen.getByTestId('bank-access-submit'))
    await screen.findByText(/keine gültige IBAN/)
    expect(calls).toEqual([])
    fireEvent.change(screen.getByTestId('bank-access-iban'), { target: { value: 'AT40 2011 1822 2121 9900' } })
    fireEvent.click(screen.getByTestId('bank-access-submit'))
    await waitFor(() => expect(onChange).toHaveBeenCalled())
    expect(calls[0]).toMatchObject({ path: 'bank-accesses', method: 'create', data: { client: 1001, iban: 'AT40 2011 1822 2121 9900', provider: 'files' } })
  })

  it('asks for the terms before any request', () => {
    const { client } = fakePortalClient({})
    renderSignedIn(<BankAccounts accesses={[]} companyNo={1001} termsAccepted={false} onChange={vi.fn()} />, { client, permissions: ['ban'], companyNo: 1001 })
    expect(screen.queryByTestId('bank-access-request')).toBeNull()
    expect(screen.getByText('Accept the terms before you request access to an account.')).toBeTruthy()
  })
})
