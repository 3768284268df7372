import { normalizeVatId, vatIdCheckKind, vatId as vatIdRule } from '@portal/sdk/validators'
import type { VatCheck } from '@portal/sdk/services'
import { checkVies } from '../vies/vies'
import { badRequest } from '../policies/index'

/** Props of checkVatId. */
export interface CheckVatIdProps {
  vatId: string
  /** The address's country; the VAT id must belong to it. */
  country: string
  /** VIES_URL (undefined: off). */
  viesUrl: string | undefined
}

/**
 * The UID check of an address (SPEC §5): locally the format and check digits for the country (a wrong one is
 * refused with its message and nothing is saved), then VIES for an EU id; a UK, Swiss, Norwegian or US id, or another
 * foreign one, is kept by its format with 'formatValid' and the note that VIES covers EU ids only. VIES unreachable or off gives 'formatValid' with
 * 'check failed' (the address is still saved); VIES saying no gives 'invalid'. Answers the result to keep.
 */
export async function checkVatId({ vatId, country, viesUrl }: CheckVatIdProps): Promise<Omit<VatCheck, 'checkedAt'>> {
  const normalized = normalizeVatId(vatId)
  const problem = vatIdRule(vatId, country ? { country } : {})
  if (problem) throw badRequest(`Field "vatId": ${problem.key}`, problem.key, { ...problem.params, field: 'vatId', rule: problem.key })
  // VIES knows EU ids only: any other is kept as its format (or free text) allows, and says so.
  if (vatIdCheckKind(vatId) !== 'eu') return { vatId: normalized, state: 'formatValid', message: 'validation:vatId.notInVies', viesName: null, viesAddress: null }
  const vies = await checkVies(viesUrl, normalized.slice(0, 2), normalized.slice(2))
  if (vies.state === 'valid') return { vatId: normalized, state: 'valid', message: null, viesName: vies.name, viesAddress: vies.address }
  if (vies.state === 'invalid') return { vatId: normalized, state: 'invalid', message: 'admin:addresses.vies.invalid', viesName: null, viesAddress: null }
  return { vatId: normalized, state: 'formatValid', message: 'validation:vatId.checkFailed', viesName: null, viesAddress: null }
}
