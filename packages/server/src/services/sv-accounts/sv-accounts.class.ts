import { NotFound } from '@feathersjs/errors'
import { buildEpcPayload } from '@portal/sdk/domain'
import type { Page, SvAccount, SvAccountDetail, SvAccountsQuery } from '@portal/sdk/services'
import type { Knex } from 'knex'
import type { PortalParams } from '../../hooks/guard'
import { loadSvAccount, svAccountsPage, svScopeOf } from '../../models/sv-accounts'
import { qrSvg } from '../../reports/paymentCodePdf'

/** The contribution accounts: the list or the attention list, and one account with everything on it. */
export class SvAccountsService {
  constructor(private readonly knex: Knex) {}

  /**
   * The caller's companies' accounts by partner name; `attention` keeps those with saldo due, MA, EX or an expiring
   * authorization.
   */
  async find(params: PortalParams = {}): Promise<Page<SvAccount>> {
    const query = (params.query ?? {}) as SvAccountsQuery
    const page = await svAccountsPage(this.knex, query, await svScopeOf(this.knex, params.companies))
    return { ...page, limit: query.$limit ?? 50, skip: query.$skip ?? 0 }
  }

  /** One account with transactions, authorizations, payment reference and (with the insurer's IBAN) its EPC QR code. */
  async get(id: number | string): Promise<SvAccountDetail> {
    const number = Number(id)
    const account = Number.isInteger(number) && number > 0 && number <= 2147483647 ? await loadSvAccount(this.knex, number) : undefined
    if (!account) throw new NotFound(`Account ${id} not found`, { key: 'admin:sv.errors.accountNotFound', params: { id: String(id) } })
    const iban = typeof account.details.empfaenger_iban === 'string' ? account.details.empfaenger_iban : null
    const due = Number(account.saldo) > 0 ? account.saldo : null
    let epc: SvAccountDetail['epc'] = null
    if (iban && due) {
      const name = typeof account.details.empfaenger_name === 'string' ? account.details.empfaenger_name : 'Österreichische Gesundheitskasse'
      const payload = buildEpcPayload({ name, iban, amount: due, reference: account.paymentReference })
      epc = { payload, svg: await qrSvg(payload) }
    }
    return { ...account, epc }
  }
}
