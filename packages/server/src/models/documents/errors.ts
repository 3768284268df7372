import { Conflict, Forbidden, Unprocessable } from '@feathersjs/errors'
import { errorData, errorDataOf } from '@portal/sdk/errors'

/** i18n key of the refusal to change a booked document. */
const BOOKED_KEY = 'documents:bookedCannotChange'

/** The refusal of any change to a booked document (BAO §131/§132: booked records stay unaltered, only a reversal may follow). */
export function bookedCannotChange(id: number): Conflict {
  return new Conflict(`Document ${id} is booked and cannot be changed`, errorData(BOOKED_KEY, { id }))
}

/** True for the refusal bookedCannotChange throws (a job ends quietly on it). */
export function isBookedRefusal(error: unknown): boolean {
  return errorDataOf(error)?.key === BOOKED_KEY
}

/** The one answer for a missing or foreign document (SPEC §8), so it never reveals which. */
export function documentNoAccess(): Forbidden {
  return new Forbidden("This document either doesn't exist, or you lack permission to view it", errorData('errors:document.noAccess'))
}

/**
 * The refusal of a write that names a version the document has moved past: someone else changed it since the caller
 * read it. Nothing is written; the caller reloads and applies the change again.
 */
export function staleVersion(id: number, current: number, seen: number): Conflict {
  return new Conflict(
    `Document ${id} was changed meanwhile (version ${current}, the change was made on version ${seen})`,
    errorData('documents:staleVersion', { id, current, seen }),
  )
}

/** The refusal to trash a document that is in the trash already. */
export function alreadyInTrash(id: number): Conflict {
  return new Conflict(`Document ${id} is already in the trash`, errorData('documents:alreadyInTrash', { id }))
}

/** The refusal to restore or purge a document that is not in the trash. */
export function notInTrash(id: number): Conflict {
  return new Conflict(`Document ${id} is not in the trash`, errorData('documents:notInTrash', { id }))
}

/** The refusal to purge a booked record (a reversed booking too) before the end of its retention (BAO § 132). */
export function retainedBooked(id: number, year: number): Conflict {
  return new Conflict(`Document ${id} was booked and is kept at least until the end of ${year} (BAO § 132)`, errorData('documents:retainedBooked', { id, year }))
}

/** The refusal to restore a document whose file the company holds live again meanwhile. */
export function restoreExists(id: number, existing: number): Conflict {
  return new Conflict(
    `Document ${id} cannot be restored: document ${existing} has the same file`,
    errorData('documents:restoreExists', { id, existing }),
  )
}

/** One broken rule of a document's values (the SDK's FieldIssue). */
export interface Issue {
  field: string
  key: string
  params: Record<string, unknown>
}

/** The refusal to confirm a document whose values break rules of SPEC §5; the issues travel in params. */
export function notConfirmable(id: number, issues: readonly Issue[]): Unprocessable {
  return new Unprocessable(
    `Document ${id} cannot be confirmed: ${issues.map((issue) => `${issue.field} (${issue.key})`).join(', ')}`,
    // Not errorData: the issues are a list, which message parameters are not (the text uses id and count).
    { key: 'documents:notConfirmable', params: { id, count: issues.length, issues: [...issues] } },
  )
}
