/** Builds valid Austrian identifiers for the demo data, so the portal's own validators accept them. */

/** An Austrian VAT id (UID) ATU + 7 digits + check digit: weights 1,2,1,2,1,2,1, check (96 - sum of digit sums) mod 10. */
export function austrianVatId(sevenDigits: string): string {
  if (!/^\d{7}$/.test(sevenDigits)) throw new Error(`austrianVatId needs 7 digits (got "${sevenDigits}")`)
  const weights = [1, 2, 1, 2, 1, 2, 1]
  const sum = [...sevenDigits].reduce((total, digit, index) => {
    const product = Number(digit) * weights[index]
    return total + Math.floor(product / 10) + (product % 10)
  }, 0)
  return `ATU${sevenDigits}${(96 - sum) % 10}`
}

/** An Austrian IBAN from a 5-digit bank code and an account number (padded to 11 digits), with ISO 7064 check digits. */
export function austrianIban(bankCode: string, account: string): string {
  const bban = `${bankCode.padStart(5, '0')}${account.padStart(11, '0')}`
  // Country AT = 10 29, check digits 00 while computing.
  const numeric = `${bban}102900`
  let remainder = 0
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97
  const check = String(98 - remainder).padStart(2, '0')
  return `AT${check}${bban}`
}
