import { amountUnits, movedUnits } from '../amounts'
import type { ParsedEntry, ParsedStatement } from '../types'

/**
 * The account-information provider adapter for GoCardless Bank Account Data (formerly Nordigen), written against its
 * public API v2 (https://developer.gocardless.com/bank-account-data): a token from the secrets, an end-user agreement
 * of 90 days, a requisition whose link the client follows to consent at the bank and which redirects back, then the
 * linked accounts' details, balances and booked transactions. A consent that ended (requisition EX, agreement expired)
 * is told apart so the access shows as expired. Knows nothing of the database.
 */
export interface GoCardlessSettings {
  url: string
  secretId: string
  secretKey: string
}

/** What the provider said about a consent. */
export interface Psd2Consent {
  id: string
  link: string
  /** CR created … LN linked, RJ rejected, EX expired (the provider's short codes). */
  status: string
  accounts: string[]
}

/** A consent the provider no longer honours (expired or revoked at the bank). */
export class Psd2ConsentExpired extends Error {
  override readonly name = 'Psd2ConsentExpired'
}

/** Any other refusal of the provider, with its status code and summary. */
export class Psd2Error extends Error {
  override readonly name = 'Psd2Error'
  constructor(
    readonly status: number,
    summary: string,
  ) {
    super(`provider answered ${status}: ${summary}`)
  }
}

interface Money {
  amount: string
  currency: string
}

interface ProviderTransaction {
  transactionId?: string
  internalTransactionId?: string
  bookingDate?: string
  valueDate?: string
  transactionAmount: Money
  creditorName?: string
  creditorAccount?: { iban?: string }
  debtorName?: string
  debtorAccount?: { iban?: string }
  remittanceInformationUnstructured?: string
  remittanceInformationUnstructuredArray?: string[]
  remittanceInformationStructured?: string
  endToEndId?: string
  mandateId?: string
  additionalInformation?: string
}

const signedUnits = (money: Money): number => {
  const text = money.amount.trim()
  const units = amountUnits(text.replace(/^[-+]/, ''))
  return text.startsWith('-') ? -units : units
}

/** A client of the provider's API; `fetch` is a parameter so tests can count calls. */
export class GoCardlessClient {
  private access: string | null = null

  constructor(
    private readonly settings: GoCardlessSettings,
    private readonly http: typeof fetch = fetch,
  ) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, retry = true): Promise<T> {
    if (!this.access && path !== '/api/v2/token/new/') await this.token()
    const response = await this.http(`${this.settings.url}${path}`, {
      method,
      headers: { accept: 'application/json', 'content-type': 'application/json', ...(this.access && path !== '/api/v2/token/new/' ? { authorization: `Bearer ${this.access}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>
    if (response.status === 401 && retry && path !== '/api/v2/token/new/') {
      this.access = null
      return this.call<T>(method, path, body, false)
    }
    if (!response.ok) {
      const summary = String(answer.summary ?? answer.detail ?? response.statusText)
      // The provider says so when an end-user agreement or requisition has run out (HTTP 400/401/403 "expired").
      if (/expired|EUA/i.test(summary)) throw new Psd2ConsentExpired(summary)
      throw new Psd2Error(response.status, summary)
    }
    return answer as T
  }

  /** POST /api/v2/token/new/: an access token from the secret id and key (never leaves the server). */
  async token(): Promise<void> {
    const answer = await this.call<{ access: string }>('POST', '/api/v2/token/new/', { secret_id: this.settings.secretId, secret_key: this.settings.secretKey })
    this.access = answer.access
  }

  /** An end-user agreement of `days` (90) and the requisition the client follows to consent; `reference` comes back on the redirect. */
  async createConsent(props: { institutionId: string; redirect: string; reference: string; days: number; language: string }): Promise<Psd2Consent> {
    const agreement = await this.call<{ id: string }>('POST', '/api/v2/agreements/enduser/', {
      institution_id: props.institutionId,
      max_historical_days: 90,
      access_valid_for_days: props.days,
      access_scope: ['balances', 'details', 'transactions'],
    })
    const requisition = await this.call<{ id: string; link: string; status: string; accounts: string[] }>('POST', '/api/v2/requisitions/', {
      redirect: props.redirect,
      institution_id: props.institutionId,
      reference: props.reference,
      agreement: agreement.id,
      user_language: props.language.toUpperCase(),
    })
    return { id: requisition.id, link: requisition.link, status: requisition.status, accounts: requisition.accounts ?? [] }
  }

  /** GET /api/v2/requisitions/{id}/: the consent's status and, once linked, its accounts; EX is an expired consent. */
  async consent(id: string): Promise<Psd2Consent> {
    const requisition = await this.call<{ id: string; link: string; status: string; accounts: string[] }>('GET', `/api/v2/requisitions/${encodeURIComponent(id)}/`)
    if (requisition.status === 'EX') throw new Psd2ConsentExpired(`requisition ${id} expired`)
    return { id: requisition.id, link: requisition.link, status: requisition.status, accounts: requisition.accounts ?? [] }
  }

  /**
   * One linked account as a statement: its IBAN (details), the closing booked balance (balances) and the booked
   * transactions (pending ones move no balance); the opening balance is the closing less the movements, so the same
   * import, duplicate keys and matching apply as for statement files.
   */
  async statement(accountId: string, from?: string): Promise<ParsedStatement> {
    const id = encodeURIComponent(accountId)
    const details = await this.call<{ account: { iban?: string; currency?: string } }>('GET', `/api/v2/accounts/${id}/details/`)
    const balances = await this.call<{ balances: { balanceAmount: Money; balanceType: string; referenceDate?: string }[] }>('GET', `/api/v2/accounts/${id}/balances/`)
    const query = from ? `?date_from=${encodeURIComponent(from)}` : ''
    const transactions = await this.call<{ transactions: { booked: ProviderTransaction[] } }>('GET', `/api/v2/accounts/${id}/transactions/${query}`)
    const closing = balances.balances.find((balance) => balance.balanceType === 'closingBooked') ?? balances.balances.find((balance) => balance.balanceType === 'interimBooked') ?? balances.balances[0]
    // The provider lists newest first; a statement reads oldest first.
    const entries = [...transactions.transactions.booked].reverse().map((tx): ParsedEntry => {
      const units = signedUnits(tx.transactionAmount)
      const incoming = units > 0
      const bookingDate = tx.bookingDate ?? tx.valueDate ?? ''
      return {
        bookingDate,
        valueDate: tx.valueDate ?? bookingDate,
        amountUnits: units,
        currency: tx.transactionAmount.currency,
        isReturn: false,
        returnReason: null,
        bankReference: tx.transactionId ?? tx.internalTransactionId ?? null,
        endToEndId: tx.endToEndId && tx.endToEndId !== 'NOTPROVIDED' ? tx.endToEndId : null,
        mandateId: tx.mandateId ?? null,
        counterpartyName: (incoming ? tx.debtorName : tx.creditorName) ?? null,
        counterpartyIban: (incoming ? tx.debtorAccount?.iban : tx.creditorAccount?.iban) ?? null,
        remittance: tx.remittanceInformationUnstructured ?? tx.remittanceInformationUnstructuredArray?.join(' ') ?? '',
        structuredReference: tx.remittanceInformationStructured ?? null,
        bookingText: tx.additionalInformation ?? null,
        batch: null,
      }
    })
    const closingUnits = closing ? signedUnits(closing.balanceAmount) : 0
    const moved = movedUnits(entries)
    const last = entries.at(-1)?.bookingDate ?? closing?.referenceDate ?? ''
    return {
      format: 'camt053',
      statementId: `psd2-${accountId}-${last}`,
      account: (details.account.iban ?? accountId).replace(/\s+/g, '').toUpperCase(),
      currency: details.account.currency ?? closing?.balanceAmount.currency ?? 'EUR',
      openingUnits: closingUnits - moved,
      openingDate: entries[0]?.bookingDate ?? last,
      closingUnits,
      closingDate: closing?.referenceDate ?? last,
      hasBalances: true,
      entries,
    }
  }
}
