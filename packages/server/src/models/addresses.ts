import type { Knex } from 'knex'
import type { AddressFields } from '@portal/sdk/domain'
import type { Address, AddressesQuery, VatCheck, VatCheckState } from '@portal/sdk/services'
import { registerSearchText } from '@portal/sdk/validators'

/** The addresses table: the register's entries and the last VAT id check of each. */

const iso = (value: unknown): string => (value instanceof Date ? value : new Date(String(value))).toISOString()

/** An addresses row → the wire shape. */
export function toAddress(row: Record<string, unknown>): Address {
  const vatCheck: VatCheck | null = row.vat_checked_at
    ? {
        vatId: String(row.vat_check_vat_id ?? ''),
        state: row.vat_check_state as VatCheckState,
        message: (row.vat_check_message as string | null) ?? null,
        viesName: (row.vat_check_name as string | null) ?? null,
        viesAddress: (row.vat_check_address as string | null) ?? null,
        checkedAt: iso(row.vat_checked_at),
      }
    : null
  return {
    id: Number(row.id),
    name: String(row.name),
    street: String(row.street),
    zip: String(row.zip),
    town: String(row.town),
    country: String(row.country),
    rpaId: String(row.rpa_id),
    vatId: String(row.vat_id),
    vatCheck,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }
}

/** The columns an address is written with: the form's fields, the VAT id's unique key and the last check. */
export interface AddressValues extends AddressFields {
  vatIdKey: string | null
  check: Omit<VatCheck, 'checkedAt'> | null
}

function columns(values: Partial<AddressValues>, db: Knex): Record<string, unknown> {
  const row: Record<string, unknown> = {}
  if (values.name !== undefined) row.name = values.name
  if (values.street !== undefined) row.street = values.street
  if (values.zip !== undefined) row.zip = values.zip
  if (values.town !== undefined) row.town = values.town
  if (values.country !== undefined) row.country = values.country
  if (values.rpaId !== undefined) row.rpa_id = values.rpaId
  if (values.vatId !== undefined) row.vat_id = values.vatId
  if (values.vatIdKey !== undefined) row.vat_id_key = values.vatIdKey
  if (values.check !== undefined) {
    row.vat_check_vat_id = values.check?.vatId ?? null
    row.vat_check_state = values.check?.state ?? null
    row.vat_check_message = values.check?.message ?? null
    row.vat_check_name = values.check?.viesName ?? null
    row.vat_check_address = values.check?.viesAddress ?? null
    row.vat_checked_at = values.check ? db.fn.now() : null
  }
  return row
}

/** Inserts an address; answers it. */
export async function insertAddress(trx: Knex.Transaction, values: AddressValues): Promise<Address> {
  const [row] = (await trx('addresses').insert(columns(values, trx)).returning('*')) as Record<string, unknown>[]
  return toAddress(row)
}

/** Changes an address; answers it. */
export async function updateAddress(trx: Knex.Transaction, id: number, values: Partial<AddressValues>): Promise<Address> {
  const [row] = (await trx('addresses')
    .where({ id })
    .update({ ...columns(values, trx), updated_at: trx.fn.now() })
    .returning('*')) as Record<string, unknown>[]
  return toAddress(row)
}

/** One address, or undefined (locked for a change inside a transaction when asked). */
export async function loadAddress(db: Knex, id: number, lock = false): Promise<Address | undefined> {
  const query = db('addresses').where({ id })
  const row = (await (lock ? query.forUpdate() : query).first()) as Record<string, unknown> | undefined
  return row ? toAddress(row) : undefined
}

/** The entry that already has this VAT id (normalized), other than `exceptId`. */
export async function addressWithVatId(db: Knex, vatIdKey: string, exceptId?: number): Promise<Address | undefined> {
  const query = db('addresses').where({ vat_id_key: vatIdKey })
  const row = (await (exceptId ? query.whereNot({ id: exceptId }) : query).first()) as Record<string, unknown> | undefined
  return row ? toAddress(row) : undefined
}

/** A page of addresses by name; the search (cut after 50 characters) matches name, town, RPA id or VAT id. */
export async function addressesPage(db: Knex, query: AddressesQuery): Promise<{ total: number; data: Address[] }> {
  const search = registerSearchText(query.search ?? '')
  const filtered = () => {
    const base = db('addresses')
    if (!search) return base
    const like = `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    const compact = `%${search.replace(/[\s./-]+/g, '').toUpperCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    return base.where((where) => {
      where.whereRaw('lower(name) like ?', [like]).orWhereRaw('lower(town) like ?', [like]).orWhereRaw('lower(rpa_id) like ?', [like]).orWhereRaw('vat_id_key like ?', [compact])
    })
  }
  const counted = await filtered().count({ total: '*' }).first()
  const rows = (await filtered()
    .orderByRaw('lower(name), id')
    .limit(query.$limit ?? 50)
    .offset(query.$skip ?? 0)
    .select('*')) as Record<string, unknown>[]
  return { total: Number(counted?.total ?? 0), data: rows.map(toAddress) }
}
