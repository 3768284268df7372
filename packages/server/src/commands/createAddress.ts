import { validateAddress } from '@portal/sdk/domain'
import type { Address, AddressCreate } from '@portal/sdk/services'
import { normalizeVatId } from '@portal/sdk/validators'
import type { Application } from '../declarations'
import { addressWithVatId, insertAddress } from '../models/addresses'
import { appendAudit } from '../models/audit-log'
import type { Actor } from '../models/users'
import { checkVatId } from './checkVatId'
import { addressFields, refuseAddressFields, vatIdTaken } from './addressRules'

/** Props of createAddress. */
export interface CreateAddressProps {
  app: Application
  data: AddressCreate
  actor: Actor
  /** Check the VAT id locally only, not with VIES (the demo seed: no call out while the server starts). */
  offline?: boolean
}

/**
 * Creates an address of the register (SPEC §5 RPA rules): a name is required; a VAT id must pass the UID check and
 * may not be in the register already ('Failed to create address in RPA database: …' naming the existing entry). The
 * check's result is kept with its date. Audited.
 */
export async function createAddress({ app, data, actor, offline }: CreateAddressProps): Promise<Address> {
  const fields = addressFields(data)
  refuseAddressFields(validateAddress(fields))
  const knex = app.get('knex')
  const vatIdKey = fields.vatId ? normalizeVatId(fields.vatId) : null
  if (vatIdKey) {
    const existing = await addressWithVatId(knex, vatIdKey)
    if (existing) throw vatIdTaken(vatIdKey, existing)
  }
  const check = vatIdKey ? await checkVatId({ vatId: vatIdKey, country: fields.country, viesUrl: offline ? undefined : app.get('config').viesUrl }) : null
  const created = await knex
    .transaction(async (trx) => {
      const address = await insertAddress(trx, { ...fields, vatId: vatIdKey ?? '', vatIdKey, check })
      await appendAudit(trx, [{ actor, action: 'address.create', entity: 'address', targetId: String(address.id), targetLabel: address.name, after: { ...fields, vatId: vatIdKey ?? '' } }])
      return address
    })
    .catch(async (error: unknown) => {
      // Two creations with the same VAT id at once: the unique index refuses the second; name the first.
      const winner = vatIdKey ? await addressWithVatId(knex, vatIdKey) : undefined
      if (winner) throw vatIdTaken(vatIdKey!, winner)
      throw error
    })
  return created
}
