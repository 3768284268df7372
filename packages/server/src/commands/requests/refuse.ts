import { BadRequest, Conflict } from '@feathersjs/errors'
import { errorData } from '@portal/sdk/errors'

/** A refusal of bad input naming the field and the rule (text `requests:error.<rule>`); nothing is changed. */
export function badRequestInput(field: string, rule: string, detail: Record<string, string | number> = {}): BadRequest {
  return new BadRequest(`${field}: ${rule}`, errorData(`requests:error.${rule}`, { field, rule, ...detail }))
}

/** A refusal because of the state a request or comment is in (closed, booked document). */
export function requestConflict(rule: string, detail: Record<string, string | number> = {}): Conflict {
  return new Conflict(rule, errorData(`requests:error.${rule}`, { rule, ...detail }))
}
