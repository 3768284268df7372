/**
 * Check-digit rules of the EU VAT ids (UID), per VIES prefix, applied to the number part after the prefix once its
 * format is right. The rules are the member states' published ones (as python-stdnum documents them). A country
 * whose number has no public check digit (or a kind of number without one, e.g. French alphabetic keys) passes.
 */

const digitsOf = (text: string): number[] => [...text].map(Number)

function weightedSum(digits: readonly number[], weights: readonly number[]): number {
  return weights.reduce((sum, weight, index) => sum + weight * (digits[index] ?? 0), 0)
}

/** Luhn: the doubled every-second digit from the right, digit sums added, divisible by 10. */
export function luhnValid(number: string): boolean {
  let sum = 0
  for (const [index, digit] of digitsOf(number).reverse().entries()) {
    const value = index % 2 === 1 ? digit * 2 : digit
    sum += value > 9 ? value - 9 : value
  }
  return sum % 10 === 0
}

/** ISO 7064 MOD 11,10 over all but the last digit; the last is the check digit (Germany, Croatia). */
function mod11_10Valid(number: string): boolean {
  const digits = digitsOf(number)
  let product = 10
  for (const digit of digits.slice(0, -1)) {
    const sum = (digit + product) % 10 || 10
    product = (2 * sum) % 11
  }
  return (11 - product) % 10 === digits[digits.length - 1]
}

function austria(number: string): boolean {
  const digits = digitsOf(number.slice(1))
  const sum = [1, 2, 1, 2, 1, 2, 1].reduce((total, weight, index) => {
    const product = (digits[index] ?? 0) * weight
    return total + Math.floor(product / 10) + (product % 10)
  }, 0)
  return (96 - sum) % 10 === digits[7]
}

function belgium(number: string): boolean {
  return 97 - (Number(number.slice(0, 8)) % 97) === Number(number.slice(8))
}

function bulgaria(number: string): boolean {
  const digits = digitsOf(number)
  if (digits.length === 9) {
    let check = weightedSum(digits, [1, 2, 3, 4, 5, 6, 7, 8]) % 11
    if (check === 10) check = (weightedSum(digits, [3, 4, 5, 6, 7, 8, 9, 10]) % 11) % 10
    return check === digits[8]
  }
  // Ten digits: a person's EGN.
  return (weightedSum(digits, [2, 4, 8, 5, 10, 9, 7, 3, 6]) % 11) % 10 === digits[9]
}

const CYPRUS_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21]
function cyprus(number: string): boolean {
  if (number.startsWith('12')) return false
  const sum = digitsOf(number.slice(0, 8)).reduce((total, digit, index) => total + (index % 2 === 0 ? (CYPRUS_ODD[digit] ?? 0) : digit), 0)
  return 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[sum % 26] === number[8]
}

function czechia(number: string): boolean {
  const digits = digitsOf(number)
  if (digits.length === 8) {
    if (digits[0] === 9) return false
    const check = (11 - (weightedSum(digits, [8, 7, 6, 5, 4, 3, 2]) % 11)) % 11
    return (check || 1) % 10 === digits[7]
  }
  // Nine digits (older birth numbers) carry no check digit; ten-digit birth numbers are divisible by 11.
  return digits.length === 9 || Number(number) % 11 === 0
}

function denmark(number: string): boolean {
  return weightedSum(digitsOf(number), [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0
}

function estonia(number: string): boolean {
  const digits = digitsOf(number)
  return (10 - (weightedSum(digits, [3, 7, 1, 3, 7, 1, 3, 7]) % 10)) % 10 === digits[8]
}

function greece(number: string): boolean {
  const digits = digitsOf(number)
  return (weightedSum(digits, [256, 128, 64, 32, 16, 8, 4, 2]) % 11) % 10 === digits[8]
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE'
function spain(number: string): boolean {
  const first = number[0] ?? ''
  const last = number[8] ?? ''
  if (/\d/.test(first)) return DNI_LETTERS[Number(number.slice(0, 8)) % 23] === last
  if ('XYZ'.includes(first)) return DNI_LETTERS[Number(`${'XYZ'.indexOf(first)}${number.slice(1, 8)}`) % 23] === last
  if ('KLM'.includes(first)) return DNI_LETTERS[Number(number.slice(1, 8)) % 23] === last
  // CIF of a legal entity: digits at odd places doubled (digit sums), the rest added; a digit or a letter.
  const digits = digitsOf(number.slice(1, 8))
  const sum = digits.reduce((total, digit, index) => {
    if (index % 2 === 1) return total + digit
    const doubled = digit * 2
    return total + Math.floor(doubled / 10) + (doubled % 10)
  }, 0)
  const check = (10 - (sum % 10)) % 10
  return last === String(check) || last === 'JABCDEFGHI'[check]
}

function finland(number: string): boolean {
  const digits = digitsOf(number)
  const check = (11 - (weightedSum(digits, [7, 9, 10, 5, 8, 4, 2]) % 11)) % 11
  return check !== 10 && check === digits[7]
}

function france(number: string): boolean {
  const key = number.slice(0, 2)
  // Alphabetic keys (newer numbers) follow an unpublished rule; only numeric keys are checked.
  if (!/^\d{2}$/.test(key)) return true
  return (12 + 3 * (Number(number.slice(2)) % 97)) % 97 === Number(key)
}

function hungary(number: string): boolean {
  const digits = digitsOf(number)
  return (10 - (weightedSum(digits, [9, 7, 3, 1, 9, 7, 3]) % 10)) % 10 === digits[7]
}

const IRELAND_LETTERS = 'WABCDEFGHIJKLMNOPQRSTUV'
function ireland(number: string): boolean {
  // The old form (digit, letter or +/*, five digits, letter) is checked as its new-form equivalent.
  const modern = /^\d[A-Z+*]/.test(number) ? `0${number.slice(2, 7)}${number[0]}${number[7]}` : number
  const digits = digitsOf(modern.slice(0, 7))
  let sum = weightedSum(digits, [8, 7, 6, 5, 4, 3, 2])
  const extra = modern[8]
  if (extra) sum += 9 * 'WABCDEFGHI'.indexOf(extra)
  return IRELAND_LETTERS[sum % 23] === modern[7]
}

function italy(number: string): boolean {
  return Number(number.slice(0, 7)) !== 0 && luhnValid(number)
}

function lithuania(number: string): boolean {
  const digits = digitsOf(number)
  if (digits[digits.length - 2] !== 1) return false
  const body = digits.slice(0, -1)
  let check = body.reduce((sum, digit, index) => sum + (1 + (index % 9)) * digit, 0) % 11
  if (check === 10) check = body.reduce((sum, digit, index) => sum + (1 + ((index + 2) % 9)) * digit, 0) % 11
  return check % 10 === digits[digits.length - 1]
}

function luxembourg(number: string): boolean {
  return Number(number.slice(0, 6)) % 89 === Number(number.slice(6))
}

function latvia(number: string): boolean {
  const digits = digitsOf(number)
  // Legal entities (first digit above 3) have a check digit; a person's code is checked by its birth date elsewhere.
  if ((digits[0] ?? 0) <= 3) return true
  return weightedSum(digits, [9, 1, 4, 8, 3, 10, 2, 5, 7, 6, 1]) % 11 === 3
}

function malta(number: string): boolean {
  return number[0] !== '0' && weightedSum(digitsOf(number), [3, 4, 6, 7, 8, 9, 10, 1]) % 37 === 0
}

/** The value of a character in ISO 7064 MOD 97-10 (digits as they are, A=10 … Z=35). */
const mod97Text = (text: string): string => [...text].map((char) => (/\d/.test(char) ? char : String(char.charCodeAt(0) - 55))).join('')
function mod97(text: string): number {
  let rest = 0
  for (const char of mod97Text(text)) rest = (rest * 10 + Number(char)) % 97
  return rest
}

function netherlands(number: string): boolean {
  const digits = digitsOf(number.slice(0, 9))
  const elevenProof = (weightedSum(digits, [9, 8, 7, 6, 5, 4, 3, 2]) - (digits[8] ?? 0)) % 11 === 0
  // Since 2020 sole traders get numbers checked with MOD 97-10 over 'NL' and the number.
  return elevenProof || mod97(`NL${number}`) === 1
}

function poland(number: string): boolean {
  const digits = digitsOf(number)
  const check = weightedSum(digits, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11
  return check !== 10 && check === digits[9]
}

function portugal(number: string): boolean {
  const digits = digitsOf(number)
  const check = 11 - (weightedSum(digits, [9, 8, 7, 6, 5, 4, 3, 2]) % 11)
  return (check > 9 ? 0 : check) === digits[8]
}

function romania(number: string): boolean {
  const padded = digitsOf(number.padStart(10, '0'))
  return ((10 * weightedSum(padded, [7, 5, 3, 2, 1, 7, 5, 3, 2])) % 11) % 10 === padded[9]
}

function sweden(number: string): boolean {
  return luhnValid(number.slice(0, 10))
}

function slovenia(number: string): boolean {
  const digits = digitsOf(number)
  if (digits[0] === 0) return false
  const check = 11 - (weightedSum(digits, [8, 7, 6, 5, 4, 3, 2]) % 11)
  return check !== 10 && check % 10 === digits[7]
}

function slovakia(number: string): boolean {
  return number[0] !== '0' && '234789'.includes(number[2] ?? '') && BigInt(number) % 11n === 0n
}

function northernIreland(number: string): boolean {
  // Government departments (GD) and health authorities (HA) have no check digits.
  if (/^(GD|HA)/.test(number)) return true
  const total = weightedSum(digitsOf(number.slice(0, 9)), [8, 7, 6, 5, 4, 3, 2, 10, 1]) % 97
  return total === 0 || total === 42
}

/** The check-digit rule of each VIES prefix (every EU member state and XI). */
export const VAT_CHECK_DIGIT_RULES: Readonly<Record<string, (number: string) => boolean>> = {
  AT: austria,
  BE: belgium,
  BG: bulgaria,
  CY: cyprus,
  CZ: czechia,
  DE: (number) => mod11_10Valid(number),
  DK: denmark,
  EE: estonia,
  EL: greece,
  ES: spain,
  FI: finland,
  FR: france,
  HR: (number) => mod11_10Valid(number),
  HU: hungary,
  IE: ireland,
  IT: italy,
  LT: lithuania,
  LU: luxembourg,
  LV: latvia,
  MT: malta,
  NL: netherlands,
  PL: poland,
  PT: portugal,
  RO: romania,
  SE: sweden,
  SI: slovenia,
  SK: slovakia,
  XI: northernIreland,
}

/** True when the number part of a VAT id with this prefix (format already checked) has the right check digits. */
export function vatCheckDigitsValid(prefix: string, number: string): boolean {
  const rule = VAT_CHECK_DIGIT_RULES[prefix]
  return rule ? rule(number) : true
}
