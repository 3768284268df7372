import type { DocumentField, FieldIssue } from '@portal/sdk/services'
import { documentIssues, fieldMarks, type FieldMark } from '@portal/sdk/validators'

export type { FieldMark }

/**
 * The review's marks by field for the screen: the SDK's fieldMarks (the one rule the confirmation follows too) over the
 * current values, with the rules of SPEC §5 checked live (the SDK's documentIssues) and the server's issues on top
 * (the account must exist). Other documents are only read, not booked: the invoice rules do not apply to them.
 */
export function checkFields(fields: readonly DocumentField[], serverIssues: readonly FieldIssue[], invoice: boolean): Record<string, FieldMark> {
  const issues = invoice ? [...documentIssues(currentValues(fields)), ...serverIssues] : []
  const values = fields.flatMap(({ field, current }) => (current ? [{ field, source: current.source, confidence: current.confidence }] : []))
  return fieldMarks(values, issues)
}

/** The current values of a document's fields by name. */
export function currentValues(fields: readonly DocumentField[]): Record<string, string | null> {
  return Object.fromEntries(fields.map((f) => [f.field, f.current?.value ?? null]))
}

/** The first field (in the order shown) that has a problem or an unsure value: where the attention key jumps. */
export function firstAttentionField(fields: readonly DocumentField[], marks: Readonly<Record<string, FieldMark>>): string | undefined {
  return fields.find((f) => marks[f.field])?.field
}
