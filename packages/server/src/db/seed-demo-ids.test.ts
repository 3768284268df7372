import { describe, expect, it } from 'vitest'
import { iban, vatId } from '@portal/sdk/validators'
import { DEMO_COMPANIES, DEMO_CUSTOMERS, DEMO_SUPPLIERS } from './seed-demo-data'
import { austrianIban, austrianVatId } from './seed-demo-ids'

// The demo's companies and partners carry identifiers the portal's own validators accept (issue 38: realistic data).
describe('demo identifiers', () => {
  it('gives every demo company and partner a UID with valid check digits', () => {
    for (const party of [...DEMO_COMPANIES, ...DEMO_SUPPLIERS, ...DEMO_CUSTOMERS]) expect(vatId(party.vat_id, { country: 'AT' }), party.vat_id).toBeNull()
    expect(austrianVatId('1234567')).toBe('ATU12345675')
  })

  it('gives every demo company an IBAN with valid check digits', () => {
    for (const company of DEMO_COMPANIES) expect(iban(company.iban), company.iban).toBeNull()
    expect(austrianIban('19043', '234573201')).toBe('AT611904300234573201')
  })
})
