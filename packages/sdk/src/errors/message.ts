import { translateIfKnown } from '../i18n/translate'
import type { Translate } from '../i18n/types'
import { errorNameForCode, errorTypeKey, isErrorName } from './catalogue'
import { asErrorLike, errorDataOf } from './data'

/** One broken rule as a refusal carries it in `params.issues` (documents:notConfirmable). */
interface IssueLike {
  field: string
  key: string
  params?: Record<string, unknown>
}

const isIssue = (value: unknown): value is IssueLike =>
  typeof value === 'object' && value !== null && typeof (value as IssueLike).field === 'string' && typeof (value as IssueLike).key === 'string'

/** The issues a refusal names, each as "field name: rule" in the language of `t` ("Invoice number: This field is required"). */
export function issueListText(t: Translate, issues: readonly unknown[]): string {
  return issues
    .filter(isIssue)
    .map((issue) => `${translateIfKnown(t, `documents:fields.${issue.field}`) ?? issue.field}: ${translateIfKnown(t, issue.key, issue.params) ?? issue.key}`)
    .join('; ')
}

/**
 * The text to show for an error, in the language of `t`: the i18n key the server put in
 * `data.key` first, then the generic text of its type (by name, then by code), then its raw
 * message, and the generic "unexpected error" text when there is nothing else. A refusal that lists broken rules
 * (`params.issues`) names each field and rule in the text (`{{list}}`).
 */
export function errorToMessage(error: unknown, t: Translate): string {
  const data = errorDataOf(error)
  if (data) {
    const issues = data.params?.issues
    const params = Array.isArray(issues) ? { ...data.params, list: issueListText(t, issues) } : data.params
    const candidates = data.key.includes(':') ? [data.key] : [data.key, `errors:${data.key}`]
    for (const key of candidates) {
      const text = translateIfKnown(t, key, params)
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
