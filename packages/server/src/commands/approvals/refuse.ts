import { BadRequest, Conflict } from '@feathersjs/errors'
import { errorData } from '@portal/sdk/errors'

/** Bad input to approvals or payment runs: the field and the rule (text `unpaid:<area>.error.<rule>`), nothing changed. */
export function badPaymentInput(area: 'approval' | 'runs', field: string, rule: string, detail: Record<string, string> = {}): BadRequest {
  return new BadRequest(`${field}: ${rule}${Object.keys(detail).length ? ` (${Object.values(detail).join(', ')})` : ''}`, errorData(`unpaid:${area}.error.${rule}`, { field, rule, ...detail }))
}

/** A refusal because of the state something is in (already approved, run released, the same person). */
export function paymentConflict(area: 'approval' | 'runs', rule: string, detail: Record<string, string> = {}): Conflict {
  return new Conflict(`${rule}${Object.keys(detail).length ? ` (${Object.values(detail).join(', ')})` : ''}`, errorData(`unpaid:${area}.error.${rule}`, { rule, ...detail }))
}
