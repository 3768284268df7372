import type { Knex } from 'knex'
import { Conflict } from '@feathersjs/errors'
import { AccountType, CUSTOMER_ACCOUNT_RANGE, accountKind } from '@portal/sdk/domain'
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
import { appendAudit, changedValues } from '../../models/audit-log'
import { actorOf } from '../../models/users'
import { findPage } from '../shared/paginate'
import { FindCache } from '../shared/find-cache'
import { assertBookingDefaults, assertNoDuplicate, checkedAccountDetails } from './acc-suppliers.checks'

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
  vat_id_check: 'accounts.vat_id_check',
  payment_days: 'accounts.payment_days',
  skonto_percent: 'accounts.skonto_percent',
  skonto_days: 'accounts.skonto_days',
  counter_account: 'accounts.counter_account',
  tax_code: 'accounts.tax_code',
  cost_center: 'accounts.cost_center',
  created_at: 'accounts.created_at',
  updated_at: 'accounts.updated_at',
}

/** What an audit entry of an account names: its own values, not the row's bookkeeping (id, company, times). */
function auditedValues(account: SupplierAccount): Partial<SupplierAccount> {
  const { id: _id, company_no: _company, created_at: _created, updated_at: _updated, ...values } = account
  return values
}

/** The account as people read it in the audit log: number and name. */
const auditLabel = (account: SupplierAccount) => `${account.account} ${account.name}`

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
      const compact = likePattern(query.search.replace(/\s/g, '').toUpperCase())
      builder.where((where) =>
        where
          .whereILike('accounts.name', pattern)
          .orWhereRaw('accounts.account::text like ?', [pattern])
          .orWhereRaw("upper(replace(accounts.vat_id, ' ', '')) like ?", [compact])
          .orWhereRaw("upper(replace(accounts.iban, ' ', '')) like ?", [compact]),
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

  /**
   * Creates an account after checking its number against its type (without a type the number decides), its period
   * against the company (the current one when none is given), its VAT id and IBAN (valid, and no other account of the
   * company has them) and its booking defaults. Checks and insert run under the company's row lock, so two people
   * creating the same partner at once get one account and one refusal naming it. The audit log gets the new account's
   * values in the same transaction.
   */
  async create(data: SupplierAccountData, params: PortalParams = {}): Promise<SupplierAccount> {
    const type = data.type ?? (accountKind(data.account) === 'customer' ? AccountType.customer : AccountType.supplier)
    const range = { field: 'account', min: CUSTOMER_ACCOUNT_RANGE.min, max: CUSTOMER_ACCOUNT_RANGE.max }
    if (type === AccountType.customer && !isCustomerNumber(data.account)) {
      throw badRequest('Invalid value for "account": customer accounts are numbered 200000-299999', 'errors:query.customerRange', range)
    }
    if (type === AccountType.supplier && isCustomerNumber(data.account)) {
      throw badRequest('Invalid value for "account": 200000-299999 are customer numbers', 'errors:query.supplierRange', range)
    }
    const { client, keep_failed_vat_id: _keep, ...details } = checkedAccountDetails(data, data.country, data.keep_failed_vat_id === true)
    const actor = await actorOf(this.knex, params.user)
    const id = await this.knex.transaction(async (trx) => {
      const company = (await trx('companies').where({ company_no: client }).forUpdate().first('current_accounting')) as
        | { current_accounting: number }
        | undefined
      if (!company) throw forbidden()
      const accounting = data.accounting ?? company.current_accounting
      const period = await trx('accounting_periods').where({ company_no: client, accounting }).first('accounting')
      if (!period) {
        throw badRequest(
          `Invalid value for "accounting": the company has no accounting period ${accounting}`,
          'errors:query.noAccountingPeriod',
          { field: 'accounting', accounting },
        )
      }
      await assertBookingDefaults(trx, client, details)
      await assertNoDuplicate(trx, client, data.account, details)
      const [row] = (await trx('accounts')
        .insert({ company_no: client, ...details, type, accounting })
        .onConflict(['company_no', 'accounting', 'account'])
        .ignore()
        .returning('id')) as { id: number }[]
      if (!row) {
        throw new Conflict(`Account ${data.account} already exists`, {
          key: 'errors:account.exists',
          params: { account: data.account, field: 'account' },
        })
      }
      const account = (await this.byId(row.id, trx))!
      const after = Object.fromEntries(Object.entries(auditedValues(account)).filter(([, value]) => value !== null))
      await appendAudit(trx, [{ actor, action: 'partnerAccount.create', entity: 'partnerAccount', targetId: String(row.id), targetLabel: auditLabel(account), companyNo: client, after }])
      return row.id
    })
    this.cache.invalidate(client)
    return (await this.byId(id))!
  }

  /**
   * Changes name, address details and booking defaults of an account, with the checks of create; the audit log gets the
   * changed values before and after in the same transaction.
   */
  async patch(id: number | string, data: SupplierAccountPatch, params: PortalParams = {}): Promise<SupplierAccount> {
    const current = await this.byId(Number(id))
    if (!current) throw forbidden()
    const country = data.country !== undefined ? data.country : current.country
    const details = checkedAccountDetails(data, country)
    const actor = await actorOf(this.knex, params.user)
    await this.knex.transaction(async (trx) => {
      await trx('companies').where({ company_no: current.company_no }).forUpdate().first('company_no')
      await assertBookingDefaults(trx, current.company_no, details)
      await assertNoDuplicate(trx, current.company_no, current.account, details)
      const before = (await this.byId(current.id, trx))!
      await trx('accounts').where({ id: current.id }).update({ ...details, updated_at: trx.fn.now() })
      const after = (await this.byId(current.id, trx))!
      const changes = changedValues(auditedValues(before), auditedValues(after))
      if (changes) {
        await appendAudit(trx, [{ actor, action: 'partnerAccount.change', entity: 'partnerAccount', targetId: String(current.id), targetLabel: auditLabel(after), companyNo: current.company_no, ...changes }])
      }
    })
    this.cache.invalidate(current.company_no)
    return (await this.byId(current.id))!
  }

  /** The company an account belongs to, for the policy; undefined when there is no such account. */
  async companyOf(id: number): Promise<number | undefined> {
    const row = (await this.knex('accounts').where({ id }).first('company_no')) as { company_no: number } | undefined
    return row?.company_no
  }

  private async byId(id: number, db: Knex = this.knex): Promise<SupplierAccount | undefined> {
    const select = Object.entries(COLUMNS).map(([field, column]) => db.raw(`${column} as ??`, [field]))
    return (await db('accounts').where('accounts.id', id).first(select)) as SupplierAccount | undefined
  }
}
