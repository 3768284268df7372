import type { Message } from '../i18n/types'
import { email, notEmpty } from '../validators/generic'
import { validate } from '../validators/result'

/** The fields of a new user the user form asks for (SPEC §5: not empty, valid e-mail). */
export interface NewUserFields {
  email: string
  firstName: string
  lastName: string
}

/** Field → what is wrong with it; empty when the form may be sent. Web form, CLI and server use this one copy. */
export function validateNewUser(fields: NewUserFields): Partial<Record<keyof NewUserFields, Message>> {
  const problems: Partial<Record<keyof NewUserFields, Message>> = {}
  const emailProblem = validate(fields.email, [notEmpty, email])
  if (emailProblem) problems.email = emailProblem
  for (const field of ['firstName', 'lastName'] as const) {
    const problem = notEmpty(fields[field])
    if (problem) problems[field] = problem
  }
  return problems
}

/** The user form's password rule (SPEC §5: the passwords must match), plus a minimum length. */
export const MIN_PASSWORD_LENGTH = 10

/** What is wrong with a chosen password and its repetition, or null. */
export function validateNewPassword(password: string, repeat: string): Message | null {
  if (Array.from(password).length < MIN_PASSWORD_LENGTH) return { key: 'users:setup.tooShort', params: { min: MIN_PASSWORD_LENGTH } }
  if (password !== repeat) return { key: 'validation:passwordsMatch' }
  return null
}
