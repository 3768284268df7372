import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import type { Address } from '@portal/sdk/services'
import { fakePortalClient, renderSignedIn } from '../../test/session'
import { VatCheckLine } from './VatCheckLine'

const address = (vatCheck: Address['vatCheck']): Address => ({ vatCheck }) as Address

describe('VatCheckLine', () => {
  it('says a UK id was checked by its format only, since VIES knows EU ids only, in both languages', () => {
    const check = { vatId: 'GB123456789', state: 'formatValid', message: 'validation:vatId.notInVies', viesName: null, viesAddress: null, checkedAt: '2026-11-28T09:00:00.000Z' } as const
    const { client } = fakePortalClient({})
    renderSignedIn(<VatCheckLine address={address(check)} language="en" />, { client, permissions: ['adm'] })
    expect(screen.getByTestId('address-vat-check').textContent).toContain('not checkable at VIES, which confirms EU VAT IDs only')
    expect(screen.getByTestId('address-vat-check').textContent).not.toContain('service not reachable')
  })

  it('in German', () => {
    const check = { vatId: 'GB123456789', state: 'formatValid', message: 'validation:vatId.notInVies', viesName: null, viesAddress: null, checkedAt: '2026-11-28T09:00:00.000Z' } as const
    const { client } = fakePortalClient({})
    renderSignedIn(<VatCheckLine address={address(check)} language="de" />, { client, permissions: ['adm'], lng: 'de' })
    expect(screen.getByTestId('address-vat-check').textContent).toContain('bei VIES nicht prüfbar, VIES bestätigt nur UIDs der EU')
  })
})
