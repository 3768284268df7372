import { iban, normalizeIban, normalizeVatId, vatId } from '@portal/sdk/validators'
import type { SupplierAccountPatch } from '@portal/sdk/services'
import { badRequest } from '../../policies/index'

/**
 * Checks and normalises the VAT id and IBAN of account data with the SDK's validators (the same rules the
 * forms use), so a refusal carries the form's own message key.
 */
export function checkedAccountDetails<T extends Pick<SupplierAccountPatch, 'vat_id' | 'iban' | 'country'>>(data: T): T {
  const result = { ...data }
  if (typeof data.vat_id === 'string' && data.vat_id !== '') {
    const message = vatId(data.vat_id, data.country ? { country: data.country } : {})
    if (message) {
      throw badRequest(`Invalid value for "vat_id": ${message.key}`, message.key, { ...message.params, field: 'vat_id' })
    }
    result.vat_id = normalizeVatId(data.vat_id)
  }
  if (typeof data.iban === 'string' && data.iban !== '') {
    const message = iban(data.iban)
    if (message) throw badRequest(`Invalid value for "iban": ${message.key}`, message.key, { ...message.params, field: 'iban' })
    result.iban = normalizeIban(data.iban)
  }
  return result
}
