import type { AddressFields } from '@portal/sdk/domain'
import type { Message } from '@portal/sdk/i18n'
import type { Address, AddressCreate, AddressPatch } from '@portal/sdk/services'
import { BadRequest } from '@feathersjs/errors'
import { badRequest } from '../policies/index'

/** The form's fields of a create or patch, trimmed, the country in capitals; missing ones from `current`. */
export function addressFields(data: AddressCreate | AddressPatch, current?: Address): AddressFields {
  const pick = (field: keyof AddressFields) => (data[field] ?? current?.[field] ?? '').trim()
  return { name: pick('name'), street: pick('street'), zip: pick('zip'), town: pick('town'), country: pick('country').toUpperCase(), rpaId: pick('rpaId'), vatId: pick('vatId') }
}

/** Refuses the first broken field with its rule (400, nothing saved). */
export function refuseAddressFields(problems: Partial<Record<keyof AddressFields, Message>>): void {
  for (const [field, problem] of Object.entries(problems)) {
    throw badRequest(`Field "${field}": ${problem!.key}`, problem!.key, { ...problem!.params, field, rule: problem!.key })
  }
}

/** 'Failed to create address in RPA database: {message}', the message naming the entry that has the VAT id. */
export function vatIdTaken(vatId: string, existing: Address): BadRequest {
  const message = `VAT ID ${vatId} already exists in the RPA database as "${existing.name}" (no. ${existing.id})`
  return new BadRequest(`Failed to create address in RPA database: ${message}`, {
    key: 'admin:addresses.vatIdTaken',
    params: { vatId, name: existing.name, id: existing.id, existingId: existing.id, field: 'vatId', rule: 'validation:rpa.vatIdExists' },
  })
}
