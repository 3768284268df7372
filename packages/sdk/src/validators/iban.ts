import { composeIBAN, electronicFormatIBAN, isValidIBAN } from 'ibantools'
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

/** Whether the text (without spaces, in capitals) is a valid IBAN: country format and checksum. */
export function isIban(value: string): boolean {
  return isValidIBAN(value)
}

/** National account layouts before the IBAN: the bank code's digits and the account number's, padded with zeros. */
const LEGACY_ACCOUNTS = { AT: { bankCode: 5, account: 11 }, DE: { bankCode: 8, account: 10 } } as const

/**
 * The IBAN of an Austrian or German bank code and account number (as MT940's :25: still gives them), with its check
 * digits; undefined when they do not fit the country's layout.
 */
export function ibanOfBankAccount(country: keyof typeof LEGACY_ACCOUNTS, bankCode: string, account: string): string | undefined {
  const layout = LEGACY_ACCOUNTS[country]
  if (!/^\d+$/.test(bankCode) || !/^\d+$/.test(account) || bankCode.length !== layout.bankCode || account.length > layout.account) return undefined
  const composed = composeIBAN({ countryCode: country, bban: `${bankCode}${account.padStart(layout.account, '0')}` })
  return composed && isValidIBAN(composed) ? composed : undefined
}
