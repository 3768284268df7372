import type { Knex } from 'knex'
import { SV_AUTHORIZATION_WARNING_DAYS, svAttentionReasons, svPaymentReference, type SvRow } from '@portal/sdk/domain'
import type { SvAccount, SvAccountsQuery, SvAuthorization, SvTransaction } from '@portal/sdk/services'
import { holdsEveryCompany } from './companies'
import { responsibilitiesOf } from './responsibility'

/** The sv_accounts, sv_transactions and sv_authorizations tables: the health insurer's contribution accounts. */

const MAIN_COLUMNS = new Set(['beitragskontonummer', 'partner_name', 'kassa_mandant', 'saldo', 'klient'])
const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value))
const isoDate = (value: unknown): string | null => (value === null || value === undefined ? null : String(value))
/** Date columns as ISO text, read the same on PostgreSQL and PGlite. */
const dates = (db: Knex, columns: readonly string[]) => columns.map((column) => db.raw(`to_char(??, 'YYYY-MM-DD') as ??`, [column, `${column}_iso`]))
const amount = (value: unknown): string | null => (value === null || value === undefined ? null : Number(value).toFixed(2))
const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as SvAccount['details']

/** Today as an ISO date (UTC). */
export const todayIso = (): string => new Date().toISOString().slice(0, 10)

/** Upserts the accounts of an accounts file by their number; answers how many were written. */
export async function writeSvAccounts(trx: Knex.Transaction, rows: readonly SvRow[]): Promise<number> {
  for (const row of rows) {
    const details = Object.fromEntries(Object.entries(row).filter(([column]) => !MAIN_COLUMNS.has(column)))
    const values = {
      account_number: String(row.beitragskontonummer),
      partner_name: String(row.partner_name),
      kassa_mandant: row.kassa_mandant ?? null,
      saldo: row.saldo ?? '0.00',
      company_no: row.klient ?? null,
      details: JSON.stringify(details),
      updated_at: trx.fn.now(),
    }
    await trx('sv_accounts').insert(values).onConflict('account_number').merge(Object.keys(values))
  }
  return rows.length
}

/** Account number → id of the accounts that exist among these numbers. */
export async function svAccountIds(db: Knex, numbers: readonly string[]): Promise<Map<string, number>> {
  const rows = (await db('sv_accounts').whereIn('account_number', [...new Set(numbers)]).select('id', 'account_number')) as { id: number; account_number: string }[]
  return new Map(rows.map((row) => [row.account_number, Number(row.id)]))
}

/** Replaces the transactions (or authorizations) of every account a file names with the file's rows. */
export async function replaceSvChildren(trx: Knex.Transaction, kind: 'transactions' | 'authorizations', rows: readonly SvRow[], ids: Map<string, number>): Promise<void> {
  const table = kind === 'transactions' ? 'sv_transactions' : 'sv_authorizations'
  await trx(table).whereIn('account_id', [...new Set(rows.map((row) => ids.get(String(row.beitragskontonummer))!))]).delete()
  const records = rows.map((row) => {
    const account_id = ids.get(String(row.beitragskontonummer))!
    if (kind === 'transactions') {
      return {
        account_id,
        buchungs_datum: row.buchungsDatum,
        wertstellungs_datum: row.wertstellungsDatum,
        buchungstext: row.buchungstext,
        beitragszeitraum: row.beitragszeitraum,
        soll: row.soll,
        haben: row.haben,
        buchungszustand: row.buchungszustand,
      }
    }
    return {
      account_id,
      bevollmaechtigter: row.bevollmaechtigter,
      bevollmaechtigter_name: row.bevollmaechtigterName,
      bezeichnung: row.bezeichnung,
      einsicht_kontoinformationen: row.einsicht_kontoinformationen ?? false,
      einsicht_clearing_faelle: row.einsicht_clearing_faelle ?? false,
      vollmacht_name: row.vollmacht_name,
      vollmacht_strasse_hausnummer: row.vollmacht_strasse_hausnummer,
      vollmacht_postleitzahl: row.vollmacht_postleitzahl,
      vollmacht_postort: row.vollmacht_postort,
      vollmacht_land: row.vollmacht_land,
      gueltig_bis: row.gueltig_bis,
    }
  })
  for (let i = 0; i < records.length; i += 500) await trx(table).insert(records.slice(i, i + 500))
}

/** The status codes of an account's transactions and its authorizations' end dates, as comma lists. */
function attentionFacts(db: Knex): Knex.Raw[] {
  return [
    db.raw("coalesce((select string_agg(distinct t.buchungszustand, ',') from sv_transactions t where t.account_id = a.id), '') as statuses"),
    db.raw("coalesce((select string_agg(to_char(v.gueltig_bis, 'YYYY-MM-DD'), ',') from sv_authorizations v where v.account_id = a.id and v.gueltig_bis is not null), '') as auth_ends"),
  ]
}

/** The companies whose accounts a caller sees; undefined: every account (internal calls, or a caller with every company). */
export type SvScope = readonly number[] | undefined

/**
 * The scope of a caller with these companies: theirs, or every account (those of no portal company too) when they hold
 * every company; undefined companies (an internal call) see every account.
 */
export async function svScopeOf(db: Knex, companies: readonly number[] | undefined): Promise<SvScope> {
  return companies && !(await holdsEveryCompany(db, companies)) ? companies : undefined
}

function accountsQuery(db: Knex, query: SvAccountsQuery, today: string, scope: SvScope): Knex.QueryBuilder {
  const builder = db('sv_accounts as a')
  if (scope) builder.whereIn('a.company_no', [...scope])
  if (query.search?.trim()) {
    const pattern = `%${query.search.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    builder.where((where) => where.whereRaw('lower(a.partner_name) like ?', [pattern]).orWhere('a.account_number', 'like', pattern))
  }
  if (query.attention) {
    const limit = new Date(`${today}T00:00:00Z`)
    limit.setUTCDate(limit.getUTCDate() + SV_AUTHORIZATION_WARNING_DAYS)
    builder.where((where) =>
      where
        .where('a.saldo', '>', 0)
        .orWhereExists(db('sv_transactions as t').whereRaw('t.account_id = a.id').whereIn('t.buchungszustand', ['MA', 'EX']))
        .orWhereExists(db('sv_authorizations as v').whereRaw('v.account_id = a.id').where('v.gueltig_bis', '<=', limit.toISOString().slice(0, 10))),
    )
  }
  return builder
}

/** A page of accounts by partner name, each with its reasons for attention and its client's responsible employee. */
export async function svAccountsPage(db: Knex, query: SvAccountsQuery, scope: SvScope, today = todayIso()): Promise<{ total: number; data: SvAccount[] }> {
  const counted = await accountsQuery(db, query, today, scope).count({ total: '*' }).first()
  const rows = (await accountsQuery(db, query, today, scope)
    .orderByRaw('lower(a.partner_name), a.id')
    .limit(query.$limit ?? 50)
    .offset(query.$skip ?? 0)
    .select(
      'a.*',
      ...attentionFacts(db),
    )) as Record<string, unknown>[]
  return { total: Number(counted?.total ?? 0), data: await withPeople(db, rows, today) }
}

async function withPeople(db: Knex, rows: Record<string, unknown>[], today: string): Promise<SvAccount[]> {
  const companies = [...new Set(rows.map((row) => row.company_no).filter((no): no is number => no !== null && no !== undefined).map(Number))]
  const people = new Map((await responsibilitiesOf(db, companies)).map((entry) => [entry.companyNo, entry]))
  return rows.map((row) => {
    const companyNo = row.company_no === null || row.company_no === undefined ? null : Number(row.company_no)
    const person = companyNo === null ? undefined : people.get(companyNo)
    const saldo = amount(row.saldo) ?? '0.00'
    const split = (value: unknown) => String(value ?? '').split(',').filter(Boolean)
    return {
      id: Number(row.id),
      accountNumber: String(row.account_number),
      partnerName: String(row.partner_name),
      kassaMandant: text(row.kassa_mandant),
      saldo,
      companyNo,
      companyName: person?.companyName ?? null,
      responsibleName: person?.staffName ?? person?.staffEmail ?? null,
      paymentReference: svPaymentReference(String(row.account_number)),
      reasons: svAttentionReasons({ saldo, statuses: split(row.statuses), authorizationEnds: split(row.auth_ends) }, today),
      details: json(row.details),
      updatedAt: new Date(row.updated_at as string).toISOString(),
    }
  })
}

/** The company of an account: undefined when there is no such account, null when it names no company. */
export async function companyOfSvAccount(db: Knex, id: number): Promise<number | null | undefined> {
  const row = (await db('sv_accounts').where({ id }).first('company_no')) as { company_no: number | null } | undefined
  return row ? (row.company_no === null ? null : Number(row.company_no)) : undefined
}

/** One account with its transactions (newest first) and authorizations, or undefined. */
export async function loadSvAccount(db: Knex, id: number, today = todayIso()): Promise<(SvAccount & { transactions: SvTransaction[]; authorizations: SvAuthorization[] }) | undefined> {
  const row = (await db('sv_accounts as a')
    .where('a.id', id)
    .first(
      'a.*',
      ...attentionFacts(db),
    )) as Record<string, unknown> | undefined
  if (!row) return undefined
  const [account] = await withPeople(db, [row], today)
  const transactions = ((await db('sv_transactions').where({ account_id: id }).select('*', ...dates(db, ['buchungs_datum', 'wertstellungs_datum'])).orderBy([{ column: 'buchungs_datum', order: 'desc' }, { column: 'id', order: 'desc' }])) as Record<string, unknown>[]).map(
    (t): SvTransaction => ({
      id: Number(t.id),
      buchungsDatum: isoDate(t.buchungs_datum_iso)!,
      wertstellungsDatum: isoDate(t.wertstellungs_datum_iso),
      buchungstext: String(t.buchungstext),
      beitragszeitraum: text(t.beitragszeitraum),
      soll: amount(t.soll),
      haben: amount(t.haben),
      buchungszustand: text(t.buchungszustand),
    }),
  )
  const authorizations = ((await db('sv_authorizations').where({ account_id: id }).select('*', ...dates(db, ['gueltig_bis'])).orderBy('id')) as Record<string, unknown>[]).map(
    (v): SvAuthorization => ({
      id: Number(v.id),
      bevollmaechtigter: String(v.bevollmaechtigter),
      bevollmaechtigterName: text(v.bevollmaechtigter_name),
      bezeichnung: text(v.bezeichnung),
      einsichtKontoinformationen: Boolean(v.einsicht_kontoinformationen),
      einsichtClearingFaelle: Boolean(v.einsicht_clearing_faelle),
      vollmachtName: text(v.vollmacht_name),
      vollmachtStrasseHausnummer: text(v.vollmacht_strasse_hausnummer),
      vollmachtPostleitzahl: text(v.vollmacht_postleitzahl),
      vollmachtPostort: text(v.vollmacht_postort),
      vollmachtLand: text(v.vollmacht_land),
      gueltigBis: isoDate(v.gueltig_bis_iso),
    }),
  )
  return { ...account!, transactions, authorizations }
}
