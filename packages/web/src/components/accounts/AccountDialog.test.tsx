import { describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import type { SupplierAccount } from '@portal/sdk/services'
import { fakePortalClient, renderSignedIn } from '../../test/session'
import { AccountDialog, NewAccountDialog } from './AccountDialog'

const COMPANY = { company_no: 1001, company_name: 'Gasthof Post', company_place: 'Wels', current_accounting: 2026 }

const account = (change: Partial<SupplierAccount> = {}): SupplierAccount => ({
  id: 7,
  company_no: 1001,
  accounting: 2026,
  account: 330001,
  name: 'A1 Telekom Austria AG',
  type: 3,
  vat_id: null,
  iban: null,
  street: null,
  zip: '1020',
  town: 'Wien',
  country: 'AT',
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

function setup(answers: Parameters<typeof fakePortalClient>[0] = {}, lng: 'en' | 'de' = 'en') {
  const fake = fakePortalClient({
    'acc-exp-acc': { find: () => [{ id: 1, company: '1001', company_no: null, accounting: null, account: 7600, name: 'Büromaterial', tax_code: 'V20' }] },
    ...answers,
  })
  const companyData = { cost: [{ id: 1, company_no: 1001, accounting: 2026, code: '100', name: 'Küche' }] }
  return { ...fake, lng, companyData }
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } })

describe('AccountDialog', () => {
  it('says in German what is wrong at the field, sends nothing invalid, and tells supplier from customer by the number', async () => {
    const { client, calls, companyData } = setup()
    renderSignedIn(<NewAccountDialog companyNo={1001} onClose={vi.fn()} />, { client, permissions: ['acc'], companies: [COMPANY], companyNo: 1001, companyData, lng: 'de' })
    type('field-account', '200123')
    expect(screen.getByTestId('account-kind').textContent).toContain('Kundenkonto')
    type('field-account', '330123')
    expect(screen.getByTestId('account-kind').textContent).toContain('Lieferantenkonto')
    type('field-vat_id', 'ATU13585628')
    expect(screen.getByTestId('error-vat_id').textContent).toBe('Die Prüfung der UID-Nummer ist fehlgeschlagen; bitte kontrollieren Sie die Nummer')
    type('field-iban', 'AT61 1904 3002 3457 3202')
    expect(screen.getByTestId('error-iban').textContent).toBe('Bitte geben Sie einen gültigen IBAN ein')
    await act(async () => {
      fireEvent.click(screen.getByTestId('account-save'))
    })
    // The untouched name is required too once saving was tried; nothing reached the server.
    expect(screen.getByTestId('error-name').textContent).toBe('Dieses Feld ist erforderlich')
    expect(calls.filter((call) => call.path === 'acc-suppliers')).toEqual([])
  })

  it('creates an account with its defaults on Enter and hands the saved account back', async () => {
    const created = account({ id: 9, account: 330123, name: 'Holzbau Maier GmbH', vat_id: 'ATU13585627', counter_account: 7600, tax_code: 'V20', cost_center: '100' })
    const { client, calls, companyData } = setup({ 'acc-suppliers': { create: () => created } })
    const onSaved = vi.fn()
    const onClose = vi.fn()
    renderSignedIn(<NewAccountDialog companyNo={1001} prefill={{ name: 'Holzbau Maier GmbH' }} onSaved={onSaved} onClose={onClose} />, {
      client,
      permissions: ['acc'],
      companies: [COMPANY],
      companyNo: 1001,
      companyData,
    })
    type('field-account', '330123')
    type('field-vat_id', 'atu 1358 5627')
    await waitFor(() => expect(screen.getByRole('option', { name: '7600 Büromaterial' })).toBeTruthy())
    type('field-counter_account', '7600')
    type('field-tax_code', 'V20')
    type('field-cost_center', '100')
    // Only input-tax codes are offered for a supplier.
    expect(screen.queryByRole('option', { name: /^U20/ })).toBeNull()
    await act(async () => {
      fireEvent.submit(screen.getByTestId('account-form'))
    })
    expect(calls.find((call) => call.method === 'create')?.data).toEqual({
      client: 1001,
      account: 330123,
      name: 'Holzbau Maier GmbH',
      vat_id: 'atu 1358 5627',
      iban: null,
      street: null,
      zip: null,
      town: null,
      country: null,
      counter_account: 7600,
      tax_code: 'V20',
      cost_center: '100',
    })
    expect(onSaved).toHaveBeenCalledWith(created)
    expect(onClose).toHaveBeenCalled()
  })

  it('shows a duplicate refusal at the VAT id, naming the account that has it, and sends only what changed', async () => {
    const refusal = Object.assign(new Error('Conflict'), {
      name: 'Conflict',
      code: 409,
      data: { key: 'accounts:refusal.duplicateVatId', params: { field: 'vat_id', vatId: 'ATU13585627', account: 330002, name: 'Wien Energie GmbH' } },
    })
    const { client, calls, companyData } = setup({ 'acc-suppliers': { patch: () => Promise.reject(refusal) } })
    const onClose = vi.fn()
    renderSignedIn(<AccountDialog companyNo={1001} account={account()} onClose={onClose} />, { client, permissions: ['acc'], companies: [COMPANY], companyNo: 1001, companyData })
    expect(screen.queryByTestId('field-account')).toBeNull()
    type('field-vat_id', 'ATU13585627')
    await act(async () => {
      fireEvent.submit(screen.getByTestId('account-form'))
    })
    expect(calls.find((call) => call.method === 'patch')).toMatchObject({ id: 7, data: { vat_id: 'ATU13585627' } })
    expect(Object.keys(calls.find((call) => call.method === 'patch')!.data as object)).toEqual(['vat_id'])
    expect(screen.getByTestId('error-vat_id').textContent).toBe('VAT id ATU13585627 already belongs to account 330002 Wien Energie GmbH.')
    expect(onClose).not.toHaveBeenCalled()
  })
})
