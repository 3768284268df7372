/** Builds valid Austrian identifiers for the demo data, checked by the SDK's own validators (the one home of the rules). */
import { ibanOfBankAccount, vatId as vatIdRule } from '@portal/sdk/validators'

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
  const iban = ibanOfBankAccount('AT', bankCode.padStart(5, '0'), account)
  if (!iban) throw new Error(`no valid demo IBAN of ${bankCode}/${account}`)
  return iban
}
