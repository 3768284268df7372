import { NotFound } from '@feathersjs/errors'
import { validateAddress } from '@portal/sdk/domain'
import type { Address, AddressPatch } from '@portal/sdk/services'
import { normalizeVatId } from '@portal/sdk/validators'
import type { Application } from '../declarations'
import { addressWithVatId, loadAddress, updateAddress as writeAddress } from '../models/addresses'
import { appendAudit } from '../models/audit-log'
import type { Actor } from '../models/users'
import { checkVatId } from './checkVatId'
import { addressFields, refuseAddressFields, vatIdTaken } from './addressRules'

/** Props of updateAddress. */
export interface UpdateAddressProps {
  app: Application
  id: number
  data: AddressPatch
  actor: Actor
}

/**
 * Edits an address with the rules of its creation; a changed VAT id (or `recheckVatId`) is checked again and the
 * result kept with its date; a cleared one drops the check. Audited with the changed fields.
 */
export async function updateAddress({ app, id, data, actor }: UpdateAddressProps): Promise<Address> {
  const knex = app.get('knex')
  const current = await loadAddress(knex, id)
  if (!current) throw new NotFound(`Address ${id} not found`, { key: 'admin:addresses.notFound', params: { id } })
  const fields = addressFields(data, current)
  refuseAddressFields(validateAddress(fields))
  const vatIdKey = fields.vatId ? normalizeVatId(fields.vatId) : null
  if (vatIdKey) {
    const existing = await addressWithVatId(knex, vatIdKey, id)
    if (existing) throw vatIdTaken(vatIdKey, existing)
  }
  const vatChanged = (vatIdKey ?? '') !== current.vatId || fields.country !== current.country
  const check = vatIdKey && (vatChanged || data.recheckVatId) ? await checkVatId({ vatId: vatIdKey, country: fields.country, viesUrl: app.get('config').viesUrl }) : undefined
  return knex.transaction(async (trx) => {
    const before = await loadAddress(trx, id, true)
    if (!before) throw new NotFound(`Address ${id} not found`, { key: 'admin:addresses.notFound', params: { id } })
    const next = { ...fields, vatId: vatIdKey ?? '' }
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => before[key] !== next[key])
    const saved = await writeAddress(trx, id, { ...next, vatIdKey, ...(check !== undefined ? { check } : vatIdKey ? {} : { check: null }) })
    if (changed.length > 0 || check) {
      await appendAudit(trx, [
        {
          actor,
          action: changed.length > 0 ? 'address.change' : 'address.recheck',
          entity: 'address',
          targetId: String(id),
          targetLabel: saved.name,
          before: Object.fromEntries(changed.map((key) => [key, before[key]])),
          after: { ...Object.fromEntries(changed.map((key) => [key, next[key]])), ...(check ? { vatCheck: check.state } : {}) },
        },
      ])
    }
    return saved
  })
}
