import { electronicFormatIBAN, isValidIBAN } from 'ibantools'
import { type FieldValue, type ValidationResult, invalid, isEmpty } from './result'

/** The IBAN without spaces, in capitals (as banks and the ERP store it). */
export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value) ?? value.replace(/\s+/g, '').toUpperCase()
}

/** The field must be a valid IBAN (country format and checksum); spaces are allowed. */
export function iban(value: FieldValue): ValidationResult {
  if (isEmpty(value)) return null
  return typeof value === 'string' && isValidIBAN(normalizeIban(value)) ? null : invalid('validation:iban')
}
