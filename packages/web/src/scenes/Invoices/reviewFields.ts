import { LABEL_FIELDS } from '@portal/sdk/domain'
import type { DocumentField } from '@portal/sdk/services'

/**
 * The fields the review shows: what document-fields answers (the read fields in their order), then every field
 * people can set that has no value yet (account, cost centre, tax code, payment date, …), so each can be entered.
 */
export function withAllFields(fields: readonly DocumentField[]): DocumentField[] {
  const present = new Set(fields.map((f) => f.field))
  const missing = Object.keys(LABEL_FIELDS)
    .filter((field) => !present.has(field))
    .map((field): DocumentField => ({ field, current: null, candidates: [] }))
  return [...fields, ...missing]
}
