import { describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { DEFAULT_TAX_CODE_TARGETS, TAX_CODES } from '@portal/sdk/domain'
import type { TaxCodeLine } from '@portal/sdk/services'
import { fakePortalClient, renderSignedIn } from '../../test/session'
import { TaxCodeTable } from './TaxCodeTable'

const lines = (): TaxCodeLine[] =>
  TAX_CODES.map((definition, index) => ({
    code: definition.code,
    side: definition.side,
    case: definition.case,
    rate: definition.rate,
    bmdSteuercode: DEFAULT_TAX_CODE_TARGETS[index].bmdSteuercode,
    datevBu: DEFAULT_TAX_CODE_TARGETS[index].datevBu,
    defaultBmdSteuercode: DEFAULT_TAX_CODE_TARGETS[index].bmdSteuercode,
    defaultDatevBu: DEFAULT_TAX_CODE_TARGETS[index].datevBu,
    defaultBmdSource: DEFAULT_TAX_CODE_TARGETS[index].bmdSource,
    defaultDatevSource: DEFAULT_TAX_CODE_TARGETS[index].datevSource,
    changed: false,
    updatedBy: null,
    updatedAt: null,
  }))

const row = (code: string) => screen.getAllByTestId('tax-code-row').find((element) => element.getAttribute('data-code') === code)!

describe('TaxCodeTable', () => {
  it('lets an administrator change a line: checks the digits, shows old → new before applying, then shows the default beside it', async () => {
    const changed = { ...lines().find((line) => line.code === 'U13')!, datevBu: '14', changed: true, updatedBy: 'Anna Huber', updatedAt: '2026-11-24T10:00:00.000Z', history: [] }
    const { client, calls } = fakePortalClient({ 'tax-codes': { find: () => lines(), patch: () => changed } })
    renderSignedIn(<TaxCodeTable />, { client, permissions: ['adm'] })
    await waitFor(() => expect(screen.getAllByTestId('tax-code-row')).toHaveLength(TAX_CODES.length))
    expect(within(row('V20')).getByText('Input tax 20 %')).toBeTruthy()
    expect(within(row('VIG20')).getByTestId('tax-datev-value').textContent).toBe('19 · documented by DATEV')
    expect(within(row('VAUS')).getByTestId('tax-bmd-value').textContent).toBe('0 · our default')
    fireEvent.click(within(row('U13')).getByTestId('tax-edit'))
    fireEvent.change(screen.getByTestId('tax-datev'), { target: { value: '12345' } })
    expect(screen.getByText('The DATEV BU key must be a whole number from 0 to 9999, or empty for none.')).toBeTruthy()
    fireEvent.click(screen.getByTestId('tax-save'))
    expect(screen.queryByTestId('tax-preview')).toBeNull()
    fireEvent.change(screen.getByTestId('tax-datev'), { target: { value: '14' } })
    fireEvent.click(screen.getByTestId('tax-save'))
    expect(screen.getByTestId('tax-preview').textContent).toBe('Change U13: BMD 1 → 1, DATEV 4 → 14')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Apply change' }))
    })
    expect(calls.find((call) => call.method === 'patch')).toMatchObject({ id: 'U13', data: { bmdSteuercode: '1', datevBu: '14' } })
    expect(within(row('U13')).getByTestId('tax-datev-value').textContent).toBe('14 (default 4)')
  })

  it('shows the table read-only to staff without adm, in German', async () => {
    const { client } = fakePortalClient({ 'tax-codes': { find: () => lines() } })
    renderSignedIn(<TaxCodeTable />, { client, permissions: ['acc'], lng: 'de' })
    await waitFor(() => expect(screen.getAllByTestId('tax-code-row')).toHaveLength(TAX_CODES.length))
    expect(screen.getByText('Nur Administratoren können diese Tabelle ändern.')).toBeTruthy()
    expect(screen.queryByTestId('tax-edit')).toBeNull()
    expect(within(row('V0')).getByTestId('tax-datev-value').textContent).toBe('keiner · unsere Vorgabe')
    // Each default says whether the vendor documents it or it is the portal's own choice; foreign VAT books no key.
    expect(within(row('VRC20')).getByTestId('tax-bmd-value').textContent).toBe('19 · von BMD dokumentiert')
    expect(within(row('V20')).getByTestId('tax-datev-value').textContent).toBe('9 · von DATEV dokumentiert')
    expect(within(row('VAUS')).getByText('Ausländische USt, nicht abziehbar (brutto in den Aufwand)')).toBeTruthy()
  })
})
