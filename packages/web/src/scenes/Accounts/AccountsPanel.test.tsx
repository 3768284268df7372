import { describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import type { SupplierAccount } from '@portal/sdk/services'
import { fakePortalClient, renderSignedIn } from '../../test/session'
import { AccountsPanel } from './AccountsPanel'

const COMPANY = { company_no: 1001, company_name: 'Gasthof Post', company_place: 'Wels', current_accounting: 2026 }

const account = (id: number, account: number, name: string, change: Partial<SupplierAccount> = {}): SupplierAccount => ({
  id,
  company_no: 1001,
  accounting: 2026,
  account,
  name,
  type: account >= 200000 && account <= 299999 ? 2 : 3,
  vat_id: null,
  iban: null,
  street: null,
  zip: null,
  town: null,
  country: null,
  vat_id_check: null,
  payment_days: null,
  skonto_percent: null,
  skonto_days: null,
  counter_account: null,
  tax_code: null,
  cost_center: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: null,
  ...change,
})

const rows = () => screen.getAllByTestId('account-row').map((row) => row.getAttribute('data-account'))

describe('AccountsPanel', () => {
  it('lists the current accounting’s accounts and keeps the list live: created appends, patched updates, others are ignored', async () => {
    const { client, calls, emit } = fakePortalClient({
      'acc-suppliers': { find: () => ({ total: 2, limit: 500, skip: 0, data: [account(1, 330001, 'A1 Telekom'), account(2, 200001, 'Hotel Alpenrose')] }) },
      'acc-exp-acc': { find: () => [] },
    })
    renderSignedIn(<AccountsPanel company={COMPANY} />, { client, permissions: ['acc'], companies: [COMPANY], companyNo: 1001 })
    await waitFor(() => expect(rows()).toEqual(['200001', '330001']))
    expect(calls[0].query).toEqual({ client: 1001, acc: 'bmd', types: [2, 3, 4], accounting: 2026, $limit: 500, $sort: { account: 1 } })
    expect(screen.getByText('Customer')).toBeTruthy()

    emit('acc-suppliers', 'created', account(3, 330500, 'Holzbau Maier GmbH'))
    emit('acc-suppliers', 'created', account(4, 330501, 'Other company', { company_no: 1002 }))
    emit('acc-suppliers', 'created', account(5, 330502, 'Last year', { accounting: 2025 }))
    expect(rows()).toEqual(['200001', '330001', '330500'])
    emit('acc-suppliers', 'patched', account(3, 330500, 'Holzbau Maier KG', { tax_code: 'V20' }))
    expect(screen.getByText('Holzbau Maier KG')).toBeTruthy()
    expect(screen.getByTestId('accounts-count').textContent).toBe('3 of 3')
  })

  it('searches on the server as the user types, filters by kind, and "/" and "n" work from the keyboard', async () => {
    const { client, calls } = fakePortalClient({
      'acc-suppliers': { find: () => ({ total: 0, limit: 500, skip: 0, data: [] }) },
      'acc-exp-acc': { find: () => [] },
    })
    renderSignedIn(<AccountsPanel company={COMPANY} />, { client, permissions: ['acc'], companies: [COMPANY], companyNo: 1001 })
    await waitFor(() => expect(screen.getByTestId('accounts-empty').textContent).toBe('This company has no suppliers or customers yet.'))
    act(() => {
      fireEvent.keyDown(window, { key: '/' })
    })
    expect(document.activeElement).toBe(screen.getByTestId('account-search'))
    fireEvent.change(screen.getByTestId('account-search'), { target: { value: 'ATU 1358' } })
    fireEvent.change(screen.getByTestId('account-kind-filter'), { target: { value: 'supplier' } })
    await waitFor(() => expect(calls.at(-1)?.query).toMatchObject({ types: [3, 4], search: 'ATU 1358' }))
    await waitFor(() => expect(screen.getByTestId('accounts-empty').textContent).toBe('No account matches the search.'))
    act(() => {
      ;(document.activeElement as HTMLElement).blur()
      fireEvent.keyDown(window, { key: 'n' })
    })
    expect(await screen.findByTestId('account-form')).toBeTruthy()
  })

  it('offers no new account and no editing without acc', async () => {
    const { client } = fakePortalClient({
      'acc-suppliers': { find: () => ({ total: 1, limit: 500, skip: 0, data: [account(1, 330001, 'A1 Telekom')] }) },
    })
    renderSignedIn(<AccountsPanel company={COMPANY} />, { client, permissions: ['adm'], companies: [COMPANY], companyNo: 1001 })
    await waitFor(() => expect(rows()).toEqual(['330001']))
    expect(screen.queryByTestId('account-new')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Edit A1 Telekom' })).toBeNull()
  })
})
