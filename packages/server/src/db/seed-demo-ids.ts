/** Builds valid Austrian identifiers for the demo data, checked by the SDK's own validators (the one home of the rules). */
import { iban as ibanRule, vatId as vatIdRule } from '@portal/sdk/validators'

/** An Austrian VAT id (UID) ATU + 7 digits + the one check digit the SDK's UID validator accepts. */
export function austrianVatId(sevenDigits: string): string {
  if (!/^\d{7}$/.test(sevenDigits)) throw new Error(`austrianVatId needs 7 digits (got "${sevenDigits}")`)
  for (let check = 0; check <= 9; check++) {
    const candidate = `ATU${sevenDigits}${check}`
    if (vatIdRule(candidate, { country: 'AT' }) === null) return candidate
  }
  throw new Error(`no check digit makes ATU${sevenDigits}? a valid UID`)
}

/** An Austrian IBAN from a 5-digit bank code and an account number (padded to 11 digits), with ISO 7064 check digits. */
export function austrianIban(bankCode: string, account: string): string {
  const bban = `${bankCode.padStart(5, '0')}${account.padStart(11, '0')}`
  // Country AT = 10 29, check digits 00 while computing.
  const numeric = `${bban}102900`
  let remainder = 0
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97
  const iban = `AT${String(98 - remainder).padStart(2, '0')}${bban}`
  if (ibanRule(iban) !== null) throw new Error(`the demo IBAN ${iban} is not valid`)
  return iban
}
