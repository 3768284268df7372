import type { I18nKey } from '../i18n/keys'
import type { Message, MessageParams } from '../i18n/types'

/** What a validator returns: null when the value is valid, else the message to show. */
export type ValidationResult = Message | null

/** A value as a form field holds it. */
export type FieldValue = string | number | boolean | null | undefined | readonly unknown[]

/** A validation rule for one field. */
export type Validator<V = FieldValue> = (value: V) => ValidationResult

/** A failed validation with a checked i18n key. */
export function invalid(key: I18nKey, params?: MessageParams): Message {
  return params ? { key, params } : { key }
}

/** True when a field holds nothing: undefined, null, blank text or an empty list. */
export function isEmpty(value: FieldValue): boolean {
  if (value === undefined || value === null) return true
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) return value.length === 0
  return false
}

/** Runs rules in order and returns the first failure, or null when all pass. */
export function validate<V>(value: V, rules: readonly Validator<V>[]): ValidationResult {
  for (const rule of rules) {
    const result = rule(value)
    if (result) return result
  }
  return null
}
