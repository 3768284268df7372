import { NotFound } from '@feathersjs/errors'
import type { Address, AddressCreate, AddressesQuery, AddressPatch, Page } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { createAddress } from '../../commands/createAddress'
import { updateAddress } from '../../commands/updateAddress'
import { addressesPage, loadAddress } from '../../models/addresses'
import { actorOf } from '../../models/users'

const idOf = (id: number | string | null): number => (Number.isInteger(Number(id)) && Number(id) > 0 && Number(id) <= 2147483647 ? Number(id) : 0)

/** The address register: list and search, one entry, create, edit (with the UID check). */
export class AddressesService {
  constructor(private readonly app: Application) {}

  /** Entries by name; the search is cut after 50 characters. */
  async find(params: { query?: AddressesQuery } = {}): Promise<Page<Address>> {
    const query = params.query ?? {}
    const page = await addressesPage(this.app.get('knex'), query)
    return { ...page, limit: query.$limit ?? 50, skip: query.$skip ?? 0 }
  }

  /** One entry. */
  async get(id: number | string): Promise<Address> {
    const found = idOf(id) ? await loadAddress(this.app.get('knex'), idOf(id)) : undefined
    if (!found) throw new NotFound(`Address ${id} not found`, { key: 'admin:addresses.notFound', params: { id: String(id) } })
    return found
  }

  /** A new entry. */
  async create(data: AddressCreate, params: PortalParams = {}): Promise<Address> {
    const created = await createAddress({ app: this.app, data, actor: await actorOf(this.app.get('knex'), params.user) })
    this.app.service('addresses').emit('created', created)
    return created
  }

  /** Changes an entry. */
  async patch(id: number | string | null, data: AddressPatch, params: PortalParams = {}): Promise<Address> {
    const saved = await updateAddress({ app: this.app, id: idOf(id), data, actor: await actorOf(this.app.get('knex'), params.user) })
    this.app.service('addresses').emit('patched', saved)
    return saved
  }
}
