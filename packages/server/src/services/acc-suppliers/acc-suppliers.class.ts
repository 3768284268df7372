import type { Knex } from 'knex'
import { Conflict } from '@feathersjs/errors'
import { CUSTOMER_ACCOUNT_RANGE } from '@portal/sdk/domain'
import type {
  AccSuppliersQuery,
  Page,
  SupplierAccount,
  SupplierAccountData,
  SupplierAccountPatch,
} from '@portal/sdk/services'
import { ACC_SUPPLIERS_DEFAULT_LIMIT } from '@portal/sdk/services'
import { badRequest, forbidden } from '../../policies/index'
import type { PortalParams } from '../../hooks/guard'
import { findPage } from '../shared/paginate'
import { FindCache } from '../shared/find-cache'
import { checkedAccountDetails } from './acc-suppliers.checks'

/** API field -> SQL expression of a supplier/customer account. */
const COLUMNS: Record<string, string> = {
  id: 'accounts.id',
  company_no: 'accounts.company_no',
  accounting: 'accounts.accounting',
  account: 'accounts.account',
  name: 'accounts.name',
  type: 'accounts.type',
  vat_id: 'accounts.vat_id',
  iban: 'accounts.iban',
  street: 'accounts.street',
  zip: 'accounts.zip',
  town: 'accounts.town',
  country: 'accounts.country',
  created_at: 'accounts.created_at',
}

const isCustomerNumber = (account: number) =>
  account >= CUSTOMER_ACCOUNT_RANGE.min && account <= CUSTOMER_ACCOUNT_RANGE.max

/** Escapes LIKE wildcards so a search for "50%" finds the text, not everything. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Supplier and customer accounts of a company (SPEC §3; customers are numbers 200000-299999). */
export class AccSuppliersService {
  /** Answers of find per company; writes invalidate them (see acc-suppliers.ts for writes of other instances). */
  readonly cache = new FindCache<Page<SupplierAccount>>(30_000)

  constructor(private readonly knex: Knex) {}

  /** Answers a page of query.client's accounts of query.types, optionally one period and a name/number search. */
  async find(params: PortalParams = {}): Promise<Page<SupplierAccount>> {
    const query = params.query as AccSuppliersQuery
    return this.cache.get(query.client, query, () => this.load(query))
  }

  private async load(query: AccSuppliersQuery): Promise<Page<SupplierAccount>> {
    const builder = this.knex('accounts').where('accounts.company_no', query.client).whereIn('accounts.type', query.types)
    if (query.accounting !== undefined) builder.where('accounts.accounting', query.accounting)
    if (query.search !== undefined) {
      const pattern = likePattern(query.search)
      builder.where((where) =>
        where.whereILike('accounts.name', pattern).orWhereRaw('accounts.account::text like ?', [pattern]),
      )
    }
    return findPage<SupplierAccount>(this.knex, builder, query, {
      columns: COLUMNS,
      defaultLimit: ACC_SUPPLIERS_DEFAULT_LIMIT,
      defaultSort: { account: 1 },
    })
  }

  /** Answers one account; unknown ids are refused like foreign ones. */
  async get(id: number | string): Promise<SupplierAccount> {
    const row = await this.byId(Number(id))
    if (!row) throw forbidden()
    return row
  }

  /** Creates an account after checking its number against its type and its period against the company. */
  async create(data: SupplierAccountData): Promise<SupplierAccount> {
    const range = { field: 'account', min: CUSTOMER_ACCOUNT_RANGE.min, max: CUSTOMER_ACCOUNT_RANGE.max }
    if (data.type === 2 && !isCustomerNumber(data.account)) {
      throw badRequest('Invalid value for "account": customer accounts are numbered 200000-299999', 'errors:query.customerRange', range)
    }
    if (data.type === 3 && isCustomerNumber(data.account)) {
      throw badRequest('Invalid value for "account": 200000-299999 are customer numbers', 'errors:query.supplierRange', range)
    }
    const period = await this.knex('accounting_periods')
      .where({ company_no: data.client, accounting: data.accounting })
      .first('accounting')
    if (!period) {
      throw badRequest(
        `Invalid value for "accounting": the company has no accounting period ${data.accounting}`,
        'errors:query.noAccountingPeriod',
        { field: 'accounting', accounting: data.accounting },
      )
    }
    const { client, ...rest } = checkedAccountDetails(data)
    const [row] = (await this.knex('accounts')
      .insert({ company_no: client, ...rest })
      .onConflict(['company_no', 'accounting', 'account'])
      .ignore()
      .returning('id')) as { id: number }[]
    if (!row) {
      throw new Conflict(`Account ${data.account} already exists`, {
        key: 'errors:account.exists',
        params: { account: data.account },
      })
    }
    this.cache.invalidate(data.client)
    return (await this.byId(row.id))!
  }

  /** Changes name and address details of an account. */
  async patch(id: number | string, data: SupplierAccountPatch): Promise<SupplierAccount> {
    const updated = await this.knex('accounts').where({ id: Number(id) }).update(checkedAccountDetails(data))
    if (updated === 0) throw forbidden()
    const account = (await this.byId(Number(id)))!
    this.cache.invalidate(account.company_no)
    return account
  }

  /** The company an account belongs to, for the policy; undefined when there is no such account. */
  async companyOf(id: number): Promise<number | undefined> {
    const row = (await this.knex('accounts').where({ id }).first('company_no')) as { company_no: number } | undefined
    return row?.company_no
  }

  private async byId(id: number): Promise<SupplierAccount | undefined> {
    const select = Object.entries(COLUMNS).map(([field, column]) => this.knex.raw(`${column} as ??`, [field]))
    return (await this.knex('accounts').where('accounts.id', id).first(select)) as SupplierAccount | undefined
  }
}
