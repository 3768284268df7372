import { needsAttention } from '@portal/sdk/domain'
import type { Message } from '@portal/sdk/i18n'
import type { DocumentField, FieldIssue } from '@portal/sdk/services'
import { documentIssues, isWarning } from '@portal/sdk/validators'

/**
 * What the review says about one field: the rules it breaks (i18n messages; they stop a confirmation), warnings (an
 * optional field's broken rule; it does not) and whether the machine was unsure.
 */
export interface FieldMark {
  problems: Message[]
  warnings: Message[]
  lowConfidence: boolean
}

/**
 * The review's remarks by field: the rules of SPEC §5 the current values break, checked live with the SDK's
 * documentIssues (required fields, 'Calculation failed' per tax line, totals, IBAN, VAT id), the server's issues on top
 * (the account must exist), each rule said once; and machine values below their field's threshold (the SDK's
 * needsAttention, calibrated on the corpora). Fields without remarks are
 * left out. Other documents are only read, not booked: the invoice rules do not apply to them.
 */
export function checkFields(fields: readonly DocumentField[], serverIssues: readonly FieldIssue[], invoice: boolean): Record<string, FieldMark> {
  const marks: Record<string, FieldMark> = {}
  const markOf = (field: string) => (marks[field] ??= { problems: [], warnings: [], lowConfidence: false })
  const issues = invoice ? [...documentIssues(currentValues(fields)), ...serverIssues] : []
  for (const issue of issues) {
    const mark = markOf(issue.field)
    const list = isWarning(issue) ? mark.warnings : mark.problems
    if (!list.some((p) => p.key === issue.key)) list.push({ key: issue.key, params: issue.params as Message['params'] })
  }
  for (const { field, current } of fields) {
    if (current && needsAttention(field, current.source, current.confidence)) markOf(field).lowConfidence = true
  }
  return marks
}

/** The current values of a document's fields by name. */
export function currentValues(fields: readonly DocumentField[]): Record<string, string | null> {
  return Object.fromEntries(fields.map((f) => [f.field, f.current?.value ?? null]))
}

/** The first field (in the order shown) that has a problem or an unsure value: where the attention key jumps. */
export function firstAttentionField(fields: readonly DocumentField[], marks: Readonly<Record<string, FieldMark>>): string | undefined {
  return fields.find((f) => marks[f.field])?.field
}
