import { NotAuthenticated } from '@feathersjs/errors'
import { createI18n } from '@portal/sdk/i18n'
import type { AuthenticationErrorKey } from '@portal/sdk/services'

const english = createI18n({ lng: 'en' }).t

/** A 401 refusal of the authentication service; data.key lets clients show it in the user's language. */
export function authenticationError(key: AuthenticationErrorKey): NotAuthenticated {
  return new NotAuthenticated(english(key), { key, params: {} })
}
