import { needsAttention } from '../domain/attention'
import { isHumanSource } from '../domain/dataSources'
import type { Message } from '../i18n/types'
import { isWarning } from './document'

/** A field's current value as the review weighs it: where it came from and how sure the machine was. */
export interface ReviewedValue {
  field: string
  source: number
  confidence: number
}

/** A rule a value breaks (the SDK's DocumentIssue, the services' FieldIssue). */
export interface ReviewIssue {
  field: string
  key: string
  params: Readonly<Record<string, unknown>>
}

/**
 * What the field panel says about one field: the rules it breaks (they stop a confirmation), warnings (an optional
 * field's broken rule; it does not) and whether the machine was unsure. `tone` is how the panel marks the row: red
 * ('problem') when a rule is broken, else yellow ('check') with the warnings and the unsure reading as its reasons.
 */
export interface FieldMark {
  tone: 'problem' | 'check'
  problems: Message[]
  warnings: Message[]
  lowConfidence: boolean
}

/** The reason of a yellow mark the machine's unsure reading gives ("Low confidence: please check"). */
export const LOW_CONFIDENCE_REASON: Message = { key: 'invoices:fields.lowConfidence' }

/**
 * The review's marks by field, one rule for the screen and the confirmation: each issue (the SDK's documentIssues and
 * the server's account checks) once per field and key, a warning apart from a refusing rule; and a machine's value the
 * attention flag marks (needsAttention: contradicted by the document, or below its field's calibrated threshold). A
 * person's value is never unsure. Fields without a remark are left out.
 */
export function fieldMarks(values: readonly ReviewedValue[], issues: readonly ReviewIssue[]): Record<string, FieldMark> {
  const marks: Record<string, FieldMark> = {}
  const markOf = (field: string) => (marks[field] ??= { tone: 'check', problems: [], warnings: [], lowConfidence: false })
  for (const issue of issues) {
    const mark = markOf(issue.field)
    const list = isWarning(issue) ? mark.warnings : mark.problems
    if (!list.some((p) => p.key === issue.key)) list.push({ key: issue.key, params: issue.params as Message['params'] })
    if (mark.problems.length > 0) mark.tone = 'problem'
  }
  for (const { field, source, confidence } of values) {
    if (needsAttention(field, source, confidence)) markOf(field).lowConfidence = true
  }
  return marks
}

/** The reasons of a field's yellow mark, in the order shown: its warnings, then the unsure reading. */
export function checkReasons(mark: FieldMark): Message[] {
  return [...mark.warnings, ...(mark.lowConfidence ? [LOW_CONFIDENCE_REASON] : [])]
}

/**
 * The fields a confirmation records as checked by the person: the values people gave and every field the panel
 * marked for their attention (a warning or an unsure reading). A machine's value nobody was asked to check keeps its
 * machine source.
 */
export function vouchedFields(values: readonly ReviewedValue[], marks: Readonly<Record<string, FieldMark>>): Set<string> {
  return new Set(values.filter((v) => isHumanSource(v.source) || marks[v.field] !== undefined).map((v) => v.field))
}
