/**
 * A company's ERP export settings as a form (pure logic): the values as typed, the field-level checks the server
 * repeats (DATEV consultant 1001–9999999, client 1–99999, account length 4–8, fiscal year start 1–12, closed through
 * YYYY-MM), and the patch of what changed. The ERP export screen and its tests use it.
 */
import type { Message } from '../i18n/types'
import type { ErpSettings, ErpSettingsPatch } from '../services/erp-settings'
import { invalid } from '../validators/result'

/** The form's values, as typed (empty: not set). */
export interface ErpSettingsFormValues {
  datev_consultant_no: string
  datev_client_no: string
  account_length: string
  fiscal_year_start_month: string
  closed_through: string
}

/** One field of the form. */
export type ErpSettingsField = keyof ErpSettingsFormValues

/** The fields in the order the form shows them. */
export const ERP_SETTINGS_FIELDS: readonly ErpSettingsField[] = ['datev_consultant_no', 'datev_client_no', 'account_length', 'fiscal_year_start_month', 'closed_through']

/** Whole-number bounds of the numeric fields, and whether they may be left empty. */
const BOUNDS: Partial<Record<ErpSettingsField, { min: number; max: number; optional: boolean }>> = {
  datev_consultant_no: { min: 1001, max: 9999999, optional: true },
  datev_client_no: { min: 1, max: 99999, optional: true },
  account_length: { min: 4, max: 8, optional: false },
  fiscal_year_start_month: { min: 1, max: 12, optional: false },
}

/** The form filled with a company's settings. */
export function erpSettingsFormOf(settings: ErpSettings): ErpSettingsFormValues {
  const text = (value: number | string | null) => (value === null ? '' : String(value))
  return {
    datev_consultant_no: text(settings.datev_consultant_no),
    datev_client_no: text(settings.datev_client_no),
    account_length: text(settings.account_length),
    fiscal_year_start_month: text(settings.fiscal_year_start_month),
    closed_through: text(settings.closed_through),
  }
}

/** The field-level problems; empty when the form may be saved. */
export function erpSettingsFormErrors(values: ErpSettingsFormValues): Partial<Record<ErpSettingsField, Message>> {
  const errors: Partial<Record<ErpSettingsField, Message>> = {}
  for (const [field, bounds] of Object.entries(BOUNDS) as [ErpSettingsField, { min: number; max: number; optional: boolean }][]) {
    const text = values[field].trim()
    if (text === '') {
      if (!bounds.optional) errors[field] = invalid('validation:required')
    } else if (!/^\d{1,9}$/.test(text)) errors[field] = invalid('validation:integer')
    else if (Number(text) < bounds.min || Number(text) > bounds.max) errors[field] = invalid('erpScreen:settings.range', { min: bounds.min, max: bounds.max })
  }
  const closed = values.closed_through.trim()
  if (closed !== '' && !/^\d{4}-(0[1-9]|1[0-2])$/.test(closed)) errors.closed_through = invalid('validation:period')
  return errors
}

/** The patch of what changed against `before` (an emptied field clears it); null when nothing did. */
export function erpSettingsPatchOf(before: ErpSettings, values: ErpSettingsFormValues): ErpSettingsPatch | null {
  const number = (text: string) => (text.trim() === '' ? null : Number(text.trim()))
  const next = {
    datev_consultant_no: number(values.datev_consultant_no),
    datev_client_no: number(values.datev_client_no),
    account_length: number(values.account_length) ?? before.account_length,
    fiscal_year_start_month: number(values.fiscal_year_start_month) ?? before.fiscal_year_start_month,
    closed_through: values.closed_through.trim() === '' ? null : values.closed_through.trim(),
  }
  const changed = Object.fromEntries(Object.entries(next).filter(([field, value]) => (before as Record<string, unknown>)[field] !== value))
  return Object.keys(changed).length > 0 ? (changed as ErpSettingsPatch) : null
}
