import type { Knex } from 'knex'
import { Conflict } from '@feathersjs/errors'
import { TAX_CODE_VALUES } from '@portal/sdk/domain'
import { iban, normalizeIban, normalizeVatId, vatId } from '@portal/sdk/validators'
import type { SupplierAccountPatch } from '@portal/sdk/services'
import { errorData } from '@portal/sdk/errors'
import { accountNotFound } from '../../commands/assertAccountExists'
import { accountHolding, hasCostCenter, hasExpenseAccount } from '../../models/accounts'
import { badRequest } from '../../policies/index'

/** What the checks read of account data: the details create and patch share. */
type AccountDetails = Pick<
  SupplierAccountPatch,
  'vat_id' | 'iban' | 'country' | 'counter_account' | 'tax_code' | 'cost_center'
>

const given = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== ''

/**
 * Checks and normalises the VAT id and IBAN of account data with the SDK's validators (the same rules the
 * forms use), so a refusal carries the form's own message key. `country` is the account's country after the change.
 */
export function checkedAccountDetails<T extends Pick<SupplierAccountPatch, 'vat_id' | 'iban' | 'country'>>(
  data: T,
  country: string | null | undefined = data.country,
  keepFailedVatId = false,
): T & { vat_id_check?: string | null } {
  const result: T & { vat_id_check?: string | null } = { ...data }
  if (typeof data.vat_id === 'string' && data.vat_id !== '') {
    const message = vatId(data.vat_id, country ? { country } : {})
    // A supplier's printed UID that fails its check may be kept when asked to, marked with the check it failed.
    if (message && !keepFailedVatId) {
      throw badRequest(`Invalid value for "vat_id": ${message.key}`, message.key, { ...message.params, field: 'vat_id' })
    }
    result.vat_id = normalizeVatId(data.vat_id)
    if (keepFailedVatId) result.vat_id_check = message ? message.key : null
  }
  if (typeof data.iban === 'string' && data.iban !== '') {
    const message = iban(data.iban)
    if (message) throw badRequest(`Invalid value for "iban": ${message.key}`, message.key, { ...message.params, field: 'iban' })
    result.iban = normalizeIban(data.iban)
  }
  if (data.country === '') result.country = null
  else if (typeof data.country === 'string') result.country = data.country.toUpperCase()
  return result
}

/**
 * Refuses (409, naming the account that has it) a VAT id or IBAN another account of the company already has, so one
 * partner never ends up under two numbers and the extraction's matching stays unambiguous.
 */
export async function assertNoDuplicate(db: Knex, companyNo: number, account: number, data: AccountDetails): Promise<void> {
  if (given(data.vat_id)) {
    const holder = await accountHolding(db, companyNo, { vatId: data.vat_id }, account)
    if (holder) {
      throw new Conflict(
        `Field "vat_id": VAT id ${data.vat_id} already belongs to account ${holder.account} ${holder.name}`,
        errorData('accounts:refusal.duplicateVatId', { field: 'vat_id', rule: 'unique', vatId: data.vat_id, ...holder }),
      )
    }
  }
  if (given(data.iban)) {
    const holder = await accountHolding(db, companyNo, { iban: data.iban }, account)
    if (holder) {
      throw new Conflict(
        `Field "iban": IBAN ${data.iban} already belongs to account ${holder.account} ${holder.name}`,
        errorData('accounts:refusal.duplicateIban', { field: 'iban', rule: 'unique', iban: data.iban, ...holder }),
      )
    }
  }
}

/**
 * Refuses booking defaults the company cannot book with: a counter account that is not one of its expense accounts,
 * a tax code the portal does not know, a cost centre it does not have.
 */
export async function assertBookingDefaults(db: Knex, companyNo: number, data: AccountDetails): Promise<void> {
  if (typeof data.counter_account === 'number' && !(await hasExpenseAccount(db, companyNo, data.counter_account))) {
    throw accountNotFound('counter_account', String(data.counter_account))
  }
  if (given(data.tax_code) && !TAX_CODE_VALUES.includes(data.tax_code)) {
    throw badRequest(`Field "tax_code": ${data.tax_code} is not a tax code`, 'accounts:refusal.unknownTaxCode', {
      field: 'tax_code',
      rule: 'taxCode',
      code: data.tax_code,
    })
  }
  if (given(data.cost_center) && !(await hasCostCenter(db, companyNo, data.cost_center))) {
    throw badRequest(`Field "cost_center": cost centre ${data.cost_center} not found`, 'accounts:refusal.unknownCostCenter', {
      field: 'cost_center',
      rule: 'costCenterExists',
      costCenter: data.cost_center,
    })
  }
}
