import { createHash, randomInt } from 'node:crypto'

/** How many recovery codes a set has. */
export const RECOVERY_CODE_COUNT = 10

// No 0/O, 1/I/L: the codes are read off paper.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

/** A code like `K7QF-M2XP-9RTA`: 60 bits, typed by hand in an emergency. */
function recoveryCode(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)])
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8)].map((group) => group.join('')).join('-')
}

/** Ten fresh codes, shown once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode)
}

/** The same code however it was typed: upper case, without spaces and dashes. */
export function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '')
}

/** What is stored of a code: its SHA-256 (the codes are random and long, a slow hash adds nothing). */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex')
}

/** Whether typed text looks like a recovery code rather than a six-digit authenticator code. */
export function looksLikeRecoveryCode(code: string): boolean {
  return normalizeRecoveryCode(code).length === 12
}
