import { describe, expect, it } from 'vitest'
import type { SupplierAccount } from '../services/acc-suppliers'
import { accountFormErrors, accountFormFieldOf, accountFormOf, accountPatchData, emptyAccountForm } from './accountForm'
import { accountBelongs, accountListQuery } from './accountList'

const record: SupplierAccount = {
  id: 1,
  company_no: 1001,
  accounting: 2026,
  account: 330001,
  name: 'A1 Telekom Austria AG',
  type: 3,
  vat_id: 'ATU13585627',
  iban: 'AT611904300234573201',
  street: null,
  zip: '1020',
  town: 'Wien',
  country: 'AT',
  vat_id_check: null,
  payment_days: null,
  skonto_percent: null,
  skonto_days: null,
  counter_account: 7380,
  tax_code: 'V20',
  cost_center: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: null,
}

describe('account form', () => {
  it('checks number, name, country, VAT id against the country and IBAN with the server’s rules', () => {
    expect(accountFormErrors(emptyAccountForm(), 'create')).toEqual({ account: { key: 'validation:required' }, name: { key: 'validation:required' } })
    expect(accountFormErrors(emptyAccountForm({ account: '12a', name: 'X', country: 'Austria' }), 'create')).toMatchObject({
      account: { key: 'validation:accountNumber' },
      country: { key: 'accounts:form.countryCode' },
    })
    expect(accountFormErrors(emptyAccountForm({ name: 'X', country: 'DE', vat_id: 'ATU13585627' }), 'edit').vat_id?.key).toBe('validation:vatId.countryMismatch')
    expect(accountFormErrors(emptyAccountForm({ name: 'X', iban: 'AT61 1904 3002 3457 3202' }), 'edit').iban).toBeTruthy()
    expect(accountFormErrors(accountFormOf(record), 'edit')).toEqual({})
  })

  it('sends only what changed, empty fields as null, and knows the field a refusal names', () => {
    expect(accountPatchData(record, accountFormOf(record))).toBeNull()
    expect(accountPatchData(record, { ...accountFormOf(record), town: ' Graz ', tax_code: '' })).toEqual({ town: 'Graz', tax_code: null })
    expect(accountFormFieldOf({ data: { key: 'accounts:refusal.duplicateIban', params: { field: 'iban' } } })).toBe('iban')
    expect(accountFormFieldOf({ data: { key: 'errors:x', params: { field: 'accounting' } } })).toBeUndefined()
  })

  it('keeps a live event in the list only when it is the company’s, the accounting’s, the kind’s and matches the search', () => {
    const filter = { companyNo: 1001, accounting: 2026, kind: 'supplier' as const, search: 'at61 1904' }
    expect(accountListQuery(filter, 'bmd', 500)).toMatchObject({ types: [3, 4], search: 'at61 1904', accounting: 2026 })
    expect(accountBelongs(record, filter)).toBe(true)
    expect(accountBelongs({ ...record, company_no: 1002 }, filter)).toBe(false)
    expect(accountBelongs(record, { ...filter, kind: 'customer' })).toBe(false)
    expect(accountBelongs(record, { ...filter, search: 'Telekom' })).toBe(true)
    expect(accountBelongs(record, { ...filter, search: 'Energie' })).toBe(false)
  })
})
