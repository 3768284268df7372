import { describe, expect, it } from 'vitest'
import type { ErpSettings } from '../services/erp-settings'
import { erpSettingsFormErrors, erpSettingsFormOf, erpSettingsPatchOf } from './erpSettingsForm'

const settings: ErpSettings = { company_no: 1001, datev_consultant_no: null, datev_client_no: null, account_length: 5, fiscal_year_start_month: 1, closed_through: null }

describe('ERP settings form', () => {
  it('shows unset numbers as empty and checks each field against the server’s rule', () => {
    const form = erpSettingsFormOf(settings)
    expect(form).toEqual({ datev_consultant_no: '', datev_client_no: '', account_length: '5', fiscal_year_start_month: '1', closed_through: '' })
    expect(erpSettingsFormErrors(form)).toEqual({})
    expect(
      erpSettingsFormErrors({ datev_consultant_no: '1000', datev_client_no: 'x', account_length: '', fiscal_year_start_month: '13', closed_through: '2026-3' }),
    ).toEqual({
      datev_consultant_no: { key: 'erpScreen:settings.range', params: { min: 1001, max: 9999999 } },
      datev_client_no: { key: 'validation:integer' },
      account_length: { key: 'validation:required' },
      fiscal_year_start_month: { key: 'erpScreen:settings.range', params: { min: 1, max: 12 } },
      closed_through: { key: 'validation:period' },
    })
  })

  it('patches only what changed; an emptied field clears it', () => {
    const form = erpSettingsFormOf(settings)
    expect(erpSettingsPatchOf(settings, form)).toBeNull()
    expect(erpSettingsPatchOf(settings, { ...form, datev_consultant_no: ' 29098 ', datev_client_no: '55003', closed_through: '2025-12' })).toEqual({
      datev_consultant_no: 29098,
      datev_client_no: 55003,
      closed_through: '2025-12',
    })
    const entered = { ...settings, datev_consultant_no: 29098, closed_through: '2025-12' }
    expect(erpSettingsPatchOf(entered, { ...erpSettingsFormOf(entered), closed_through: '' })).toEqual({ closed_through: null })
  })
})
