import { BadRequest, Conflict } from '@feathersjs/errors'
import { errorData } from '@portal/sdk/errors'

/** A refusal of bad input: the field and the rule (text `banking:error.<rule>`), nothing changed. */
export function badBankInput(field: string, rule: string, detail: Record<string, string> = {}): BadRequest {
  return new BadRequest(`${field}: ${rule}${Object.keys(detail).length ? ` (${Object.values(detail).join(', ')})` : ''}`, errorData(`banking:error.${rule}`, { field, rule, ...detail }))
}

/** A refusal because of the state something is in (terms not accepted, access not approved, already matched). */
export function bankConflict(rule: string, detail: Record<string, string> = {}): Conflict {
  return new Conflict(`${rule}${Object.keys(detail).length ? ` (${Object.values(detail).join(', ')})` : ''}`, errorData(`banking:error.${rule}`, { rule, ...detail }))
}
