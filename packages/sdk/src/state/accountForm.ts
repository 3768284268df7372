/**
 * The supplier/customer form as pure logic: its values as typed, the field-level checks the server repeats (same
 * validators), the data of create and patch, and which field a server refusal names. The web form and tests use it.
 */
import { accountKind, type AccountKind } from '../domain/accounts'
import type { Message } from '../i18n/types'
import type { SupplierAccount, SupplierAccountData, SupplierAccountPatch } from '../services/acc-suppliers'
import { errorDataOf } from '../errors/data'
import { iban } from '../validators/iban'
import { invalid } from '../validators/result'
import { vatId } from '../validators/vatId'

/** The form's values, as typed (text). */
export interface AccountFormValues {
  account: string
  name: string
  vat_id: string
  iban: string
  street: string
  zip: string
  town: string
  country: string
  counter_account: string
  tax_code: string
  cost_center: string
}

/** One field of the form. */
export type AccountFormField = keyof AccountFormValues

/** The fields in the order the form shows them (and focus moves through them). */
export const ACCOUNT_FORM_FIELDS: readonly AccountFormField[] = [
  'account',
  'name',
  'vat_id',
  'iban',
  'street',
  'zip',
  'town',
  'country',
  'counter_account',
  'tax_code',
  'cost_center',
]

/** An empty form; `prefill` sets values a caller already knows (the booking panel: name, VAT id, IBAN of a document). */
export function emptyAccountForm(prefill: Partial<AccountFormValues> = {}): AccountFormValues {
  return { account: '', name: '', vat_id: '', iban: '', street: '', zip: '', town: '', country: '', counter_account: '', tax_code: '', cost_center: '', ...prefill }
}

/** The form filled with an account's values. */
export function accountFormOf(record: SupplierAccount): AccountFormValues {
  const text = (value: string | number | null) => (value === null ? '' : String(value))
  return {
    account: String(record.account),
    name: record.name,
    vat_id: text(record.vat_id),
    iban: text(record.iban),
    street: text(record.street),
    zip: text(record.zip),
    town: text(record.town),
    country: text(record.country),
    counter_account: text(record.counter_account),
    tax_code: text(record.tax_code),
    cost_center: text(record.cost_center),
  }
}

/** The account number as typed, when it is a whole number from 1 to 999999999. */
function accountNumber(text: string): number | undefined {
  const trimmed = text.trim()
  if (!/^\d{1,9}$/.test(trimmed)) return undefined
  const value = Number(trimmed)
  return value >= 1 ? value : undefined
}

/** Whether the typed number is a customer's or a supplier's; undefined until it is a number. */
export function accountFormKind(values: AccountFormValues): AccountKind | undefined {
  const value = accountNumber(values.account)
  return value === undefined ? undefined : accountKind(value)
}

/** The field-level problems of the form (the number only when creating); empty when it may be sent. */
export function accountFormErrors(
  values: AccountFormValues,
  mode: 'create' | 'edit',
  options: { keepFailedVatId?: boolean } = {},
): Partial<Record<AccountFormField, Message>> {
  const errors: Partial<Record<AccountFormField, Message>> = {}
  if (mode === 'create') {
    if (values.account.trim() === '') errors.account = invalid('validation:required')
    else if (accountNumber(values.account) === undefined) errors.account = invalid('validation:accountNumber')
  }
  if (values.name.trim() === '') errors.name = invalid('validation:required')
  const country = values.country.trim()
  if (country !== '' && !/^[A-Za-z]{2}$/.test(country)) errors.country = invalid('accounts:form.countryCode')
  if (values.vat_id.trim() !== '') {
    const problem = vatId(values.vat_id, /^[A-Za-z]{2}$/.test(country) ? { country } : {})
    // A supplier's printed UID that fails its check may be kept (the server stores the failed check with it).
    if (problem && !options.keepFailedVatId) errors.vat_id = problem
  }
  if (values.iban.trim() !== '') {
    const problem = iban(values.iban)
    if (problem) errors.iban = problem
  }
  if (values.counter_account.trim() !== '' && accountNumber(values.counter_account) === undefined) {
    errors.counter_account = invalid('validation:accountNumber')
  }
  return errors
}

const textOrNull = (text: string) => (text.trim() === '' ? null : text.trim())
const numberOrNull = (text: string) => accountNumber(text) ?? null

/** What the form sends besides the number: text fields trimmed, empty ones as null. */
function details(values: AccountFormValues): Omit<SupplierAccountPatch, 'name'> {
  return {
    vat_id: textOrNull(values.vat_id),
    iban: textOrNull(values.iban),
    street: textOrNull(values.street),
    zip: textOrNull(values.zip),
    town: textOrNull(values.town),
    country: textOrNull(values.country)?.toUpperCase() ?? null,
    counter_account: numberOrNull(values.counter_account),
    tax_code: textOrNull(values.tax_code),
    cost_center: textOrNull(values.cost_center),
  }
}

/** Data of acc-suppliers.create for `companyNo` (the number decides customer or supplier on the server). */
export function accountCreateData(
  companyNo: number,
  values: AccountFormValues,
  extra: Pick<SupplierAccountData, 'payment_days' | 'skonto_percent' | 'skonto_days' | 'keep_failed_vat_id'> = {},
): SupplierAccountData {
  return { client: companyNo, account: accountNumber(values.account) ?? 0, name: values.name.trim(), ...details(values), ...extra }
}

/** Data of acc-suppliers.patch: only what changed against `before`; null when nothing did. */
export function accountPatchData(before: SupplierAccount, values: AccountFormValues): SupplierAccountPatch | null {
  const next: SupplierAccountPatch = { name: values.name.trim(), ...details(values) }
  const changed = Object.fromEntries(
    Object.entries(next).filter(([field, value]) => (before as Record<string, unknown>)[field] !== value),
  ) as SupplierAccountPatch
  return Object.keys(changed).length > 0 ? changed : null
}

/** The form field a server refusal names (data.params.field), when it is one of the form's. */
export function accountFormFieldOf(error: unknown): AccountFormField | undefined {
  const field = errorDataOf(error)?.params?.field
  return typeof field === 'string' && (ACCOUNT_FORM_FIELDS as readonly string[]).includes(field) ? (field as AccountFormField) : undefined
}
