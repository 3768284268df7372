import { translateIfKnown } from '../i18n/translate'
import type { Translate } from '../i18n/types'
import { errorNameForCode, errorTypeKey, isErrorName } from './catalogue'
import { asErrorLike, errorDataOf } from './data'

/**
 * The text to show for an error, in the language of `t`: the i18n key the server put in
 * `data.key` first, then the generic text of its type (by name, then by code), then its raw
 * message, and the generic "unexpected error" text when there is nothing else.
 */
export function errorToMessage(error: unknown, t: Translate): string {
  const data = errorDataOf(error)
  if (data) {
    const candidates = data.key.includes(':') ? [data.key] : [data.key, `errors:${data.key}`]
    for (const key of candidates) {
      const text = translateIfKnown(t, key, data.params)
      if (text !== undefined) return text
    }
  }
  const like = asErrorLike(error)
  const name = isErrorName(like?.name) ? like.name : typeof like?.code === 'number' ? errorNameForCode(like.code) : undefined
  if (name) return t(errorTypeKey(name))
  if (typeof error === 'string' && error !== '') return error
  if (like?.message) return like.message
  return t('errors:unknown')
}
