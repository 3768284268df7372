import { BadRequest, Conflict, NotFound, Unprocessable } from '@feathersjs/errors'
import { errorData } from '@portal/sdk/errors'
import { EditorStateError } from '@portal/sdk/state'

// The editor's refusals, each with an i18n key of the editor namespace naming what failed (SPEC §8: 'Document merge
// failed!', 'Document Creation Failed', the duplicate-document error). Thrown before anything is written, or inside the
// transaction that then rolls back, so a failed action changes nothing.

/** A document that is not (or no longer) a batch of the editor. */
export const notInEditor = (id: number) => new NotFound(`Document ${id} is not a batch of the document editor`, errorData('editor:errors.notInEditor', { id }))

/** Another clerk is completing the batch. */
export const batchLocked = (name: string) => new Conflict(`The batch is being completed by ${name}`, errorData('editor:errors.locked', { name }))

/** The clerk's view of the batch is older than the batch. */
export const staleBatch = (id: number) => new Conflict(`Batch ${id} was changed meanwhile`, errorData('editor:errors.staleVersion', { id }))

/** 'Document merge failed!' naming why. */
export const mergeFailed = (reason: string, params: Record<string, string | number>) =>
  new Conflict(`Document merge failed! (${reason})`, errorData(`editor:errors.mergeFailed.${reason}`, params))

/** 'Document Creation Failed' naming the rule (SPEC §5) or the part that could not be made. */
export const creationFailed = (reason: string, params: Record<string, string | number> = {}) =>
  new Unprocessable(`Document Creation Failed (${reason})`, errorData(`editor:errors.creationFailed.${reason}`, params))

/** The duplicate-document error: a part equal to an existing document. */
export const duplicatePart = (part: string, id: number) =>
  new Conflict(`This document is a duplicate of an existing document (${part} = ${id})`, errorData('editor:errors.duplicate', { part, id }))

/** The duplicate-document error between two parts of one completion. */
export const duplicateParts = (part: string, other: string) =>
  new Conflict(`This document is a duplicate of an existing document (${part} = ${other})`, errorData('editor:errors.duplicateParts', { part, other }))

/** An action that does not fit the batch (a page or part not there, a nameless part). */
export const badEdit = (error: EditorStateError) => new BadRequest(`The edit does not fit the batch (${error.key})`, errorData(`editor:${error.key}`, error.params))

/** Nothing left to undo, or an edit whose batches moved on. */
export const cannotUndo = (key: 'nothingToUndo' | 'undoConflict', id: number) => new Conflict(`Cannot undo (${key})`, errorData(`editor:errors.${key}`, { id }))

/** Maps the SDK's state errors to a refusal; leaves others as they are. */
export function asRefusal(error: unknown, merging: { source: number } | null): unknown {
  if (!(error instanceof EditorStateError)) return error
  if (merging && error.key === 'errors.pageNotFound') return mergeFailed('pageNotFound', { ...error.params, source: merging.source })
  return badEdit(error)
}
