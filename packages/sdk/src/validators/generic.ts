import { type FieldValue, type ValidationResult, type Validator, invalid, isEmpty } from './result'

// Every rule except `required` accepts an empty field, so optional fields stay optional;
// combine with `required` where a value must be present.

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/
const NUMBER = /^[+-]?(\d+([.,]\d+)?|[.,]\d+)$/
const INTEGER = /^[+-]?\d+$/
const CAPITALS = /^\p{Lu}+$/u
const SIX_DIGITS = /^\d{6}$/

function text(value: FieldValue): string {
  return typeof value === 'string' ? value.trim() : String(value)
}

/** The field must hold a value (§5: 'Dieses Feld ist erforderlich'). */
export function required(value: FieldValue): ValidationResult {
  return isEmpty(value) || value === false ? invalid('validation:required') : null
}

/** The field must not be empty (user and FON forms word it this way). */
export function notEmpty(value: FieldValue): ValidationResult {
  return isEmpty(value) ? invalid('validation:notEmpty') : null
}

/** The field must be an e-mail address. */
export function email(value: FieldValue): ValidationResult {
  return isEmpty(value) || EMAIL.test(text(value)) ? null : invalid('validation:email')
}

/** The field must be a number; a decimal comma is accepted as Austrians type it. */
export function number(value: FieldValue): ValidationResult {
  if (isEmpty(value)) return null
  if (typeof value === 'number') return Number.isFinite(value) ? null : invalid('validation:number')
  return NUMBER.test(text(value)) ? null : invalid('validation:number')
}

/** The field must be a whole number. */
export function integer(value: FieldValue): ValidationResult {
  if (isEmpty(value)) return null
  if (typeof value === 'number') return Number.isInteger(value) ? null : invalid('validation:integer')
  return INTEGER.test(text(value)) ? null : invalid('validation:integer')
}

/** The field may hold capital letters only (umlauts included). */
export function capitalLetters(value: FieldValue): ValidationResult {
  return isEmpty(value) || CAPITALS.test(text(value)) ? null : invalid('validation:capitalLetters')
}

/** The field must be exactly six digits. */
export function sixDigits(value: FieldValue): ValidationResult {
  return isEmpty(value) || SIX_DIGITS.test(text(value)) ? null : invalid('validation:sixDigits')
}

// Characters, not UTF-16 units, so an emoji or a combining-free umlaut counts once.
function length(value: FieldValue): number {
  return Array.from(typeof value === 'string' ? value : String(value)).length
}

/** Rule: at least `min` characters. */
export function minLength(min: number): Validator {
  return (value) => (isEmpty(value) || length(value) >= min ? null : invalid('validation:minLength', { min }))
}

/** Rule: at most `max` characters. */
export function maxLength(max: number): Validator {
  return (value) => (isEmpty(value) || length(value) <= max ? null : invalid('validation:maxLength', { max }))
}

/** Rule: the whole value must match `regex`. */
export function pattern(regex: RegExp): Validator {
  const anchored = new RegExp(`^(?:${regex.source})$`, regex.flags.replace('g', ''))
  return (value) => (isEmpty(value) || anchored.test(text(value)) ? null : invalid('validation:pattern'))
}

/** The password confirmation must equal the password. */
export function passwordsMatch(password: string, confirmation: string): ValidationResult {
  return password === confirmation ? null : invalid('validation:passwordsMatch')
}
