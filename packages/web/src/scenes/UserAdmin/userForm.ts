import { validateNewUser, type Language } from '@portal/sdk/domain'
import type { Message } from '@portal/sdk/i18n'
import type { User, UserCreate, UserPatch } from '@portal/sdk/services'

/** The values of the create and edit form. */
export interface UserFormValues {
  email: string
  username: string
  firstName: string
  lastName: string
  telNr: string
  locale: Language
  permissions: string[]
  clientAccess: User['clientAccess']
  klienten: number[]
  excluded: number[]
  mobileApp: boolean
  enabled: boolean
}

/** The fields the form can mark as wrong. */
export type UserFormField = 'email' | 'firstName' | 'lastName'

/** A new user's form: nothing filled in, German (the firm's language), assigned clients only, enabled. */
export function emptyUserForm(locale: Language): UserFormValues {
  return {
    email: '',
    username: '',
    firstName: '',
    lastName: '',
    telNr: '',
    locale,
    permissions: [],
    clientAccess: 'assigned',
    klienten: [],
    excluded: [],
    mobileApp: false,
    enabled: true,
  }
}

/** The form of an existing user. */
export function userFormOf(user: User): UserFormValues {
  return {
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    telNr: user.telNr ?? '',
    locale: user.locale,
    permissions: [...user.permissions],
    clientAccess: user.clientAccess,
    klienten: [...user.klienten],
    excluded: [...user.excluded],
    mobileApp: user.mobileApp,
    enabled: user.enabled,
  }
}

/** What is wrong with the form (SPEC §5: fields not empty, a valid e-mail), by field; the SDK's rules. */
export function userFormProblems(values: UserFormValues): Partial<Record<UserFormField, Message>> {
  return validateNewUser({ email: values.email.trim(), firstName: values.firstName.trim(), lastName: values.lastName.trim() })
}

const byNumber = (values: readonly number[]) => [...values].sort((a, b) => a - b)

/** The data of users.create from the form. */
export function userCreateData(values: UserFormValues): UserCreate {
  const data: UserCreate = {
    email: values.email.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    locale: values.locale,
    permissions: values.permissions,
    clientAccess: values.clientAccess,
    klienten: values.clientAccess === 'assigned' ? byNumber(values.klienten) : [],
    excluded: values.clientAccess === 'all' ? byNumber(values.excluded) : [],
    mobileApp: values.mobileApp,
  }
  if (values.username.trim()) data.username = values.username.trim()
  if (values.telNr.trim()) data.telNr = values.telNr.trim()
  return data
}

const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((value) => b.includes(value))

/** Only what the form changed of `user`, as users.patch data; null when nothing changed. */
export function userPatchData(user: User, values: UserFormValues): UserPatch | null {
  const patch: UserPatch = {}
  if (values.firstName.trim() !== user.firstName) patch.firstName = values.firstName.trim()
  if (values.lastName.trim() !== user.lastName) patch.lastName = values.lastName.trim()
  const telNr = values.telNr.trim() || null
  if (telNr !== user.telNr) patch.telNr = telNr
  if (values.locale !== user.locale) patch.locale = values.locale
  if (!sameList(values.permissions, user.permissions)) patch.permissions = values.permissions
  if (values.clientAccess !== user.clientAccess) patch.clientAccess = values.clientAccess
  // The list that does not apply to the chosen access is emptied, so no stale assignment is left behind.
  const klienten = values.clientAccess === 'assigned' ? byNumber(values.klienten) : []
  const excluded = values.clientAccess === 'all' ? byNumber(values.excluded) : []
  if (!sameList(klienten, user.klienten)) patch.klienten = klienten
  if (!sameList(excluded, user.excluded)) patch.excluded = excluded
  if (values.mobileApp !== user.mobileApp) patch.mobileApp = values.mobileApp
  if (values.enabled !== user.enabled) patch.enabled = values.enabled
  return Object.keys(patch).length > 0 ? patch : null
}
