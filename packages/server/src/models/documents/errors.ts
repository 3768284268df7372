import { Conflict, Forbidden } from '@feathersjs/errors'
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
