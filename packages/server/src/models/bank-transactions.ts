import type { Knex } from 'knex'
import type { BankProposalRecord, BankTransactionRecord, BankTransactionsQuery } from '@portal/sdk/services'
import { amountUnits, formatUnits } from '../banking/amounts'
import type { ParsedEntry } from '../banking/types'
import { inCompanies } from './overview-scope'

const day = (value: unknown): string => {
  if (value instanceof Date) return new Date(value.getTime() - value.getTimezoneOffset() * 60_000).toISOString().slice(0, 10)
  return String(value).slice(0, 10)
}
const money = (value: unknown): string | null => (value === null || value === undefined ? null : Number(value).toFixed(2))
/** Exact units (see banking/amounts.ts) of a stored bank amount, NaN for none. */
export function storedUnits(value: unknown): number {
  const text = String(value ?? '').trim()
  const units = amountUnits(text.replace(/^[-+]/, ''))
  return text.startsWith('-') ? -units : units
}

/** A bank amount as stored, exactly (up to five decimals, at least two): "1200.00", "-0.12345". */
export function exactBankAmount(value: unknown): string | null {
  if (value === null || value === undefined) return null
  const text = String(value).trim()
  const units = amountUnits(text.replace(/^[-+]/, ''))
  return Number.isNaN(units) ? money(value) : formatUnits(text.startsWith('-') ? -units : units)
}
const BATCH = 1000

/** Records a statement once (a repeated file finds the one stored); answers its id. */
export async function upsertStatement(
  trx: Knex.Transaction,
  statement: { accessId: number; companyNo: number; statementId: string; format: string; fileName: string; openingUnits: number; openingDate: string; closingUnits: number; closingDate: string; actorName: string | null },
): Promise<number> {
  const key = { access_id: statement.accessId, format: statement.format, statement_id: statement.statementId, closing_date: statement.closingDate || null }
  const existing = (await trx('bank_statements').where(key).first('id')) as { id: number } | undefined
  if (existing) return Number(existing.id)
  const [row] = await trx('bank_statements')
    .insert({ ...key, company_no: statement.companyNo, file_name: statement.fileName, opening: formatUnits(statement.openingUnits), opening_date: statement.openingDate || null, closing: formatUnits(statement.closingUnits), imported_by_name: statement.actorName })
    .returning('id')
  return Number((row as { id: number }).id)
}

/** A movement to store with its identity and the balance after it. */
export interface NewBankTransaction {
  entry: ParsedEntry
  key: string
  statementId: number | null
  /** Exact units (see banking/amounts.ts), or null where the file gives no balance. */
  balanceAfterUnits: number | null
}

/** Stores movements not stored yet (by their key); answers the new rows' ids in the given order's subset. */
export async function insertBankTransactions(trx: Knex.Transaction, companyNo: number, accessId: number, rows: readonly NewBankTransaction[]): Promise<number[]> {
  const ids: number[] = []
  for (let i = 0; i < rows.length; i += BATCH) {
    const inserted = (await trx('bank_transactions')
      .insert(
        rows.slice(i, i + BATCH).map(({ entry, key, statementId, balanceAfterUnits }) => ({
          company_no: companyNo,
          access_id: accessId,
          statement_id: statementId,
          entry_key: key,
          booking_date: entry.bookingDate,
          value_date: entry.valueDate,
          amount: formatUnits(entry.amountUnits),
          currency: entry.currency || 'EUR',
          is_return: entry.isReturn,
          return_reason: entry.returnReason,
          bank_reference: entry.bankReference,
          end_to_end_id: entry.endToEndId,
          mandate_id: entry.mandateId,
          counterparty_name: entry.counterpartyName,
          counterparty_iban: entry.counterpartyIban,
          remittance: entry.remittance,
          structured_reference: entry.structuredReference,
          booking_text: entry.bookingText,
          batch_reference: entry.batch?.reference ?? null,
          batch_total: entry.batch !== null && entry.batch.totalUnits === null,
          balance_after: balanceAfterUnits === null ? null : formatUnits(balanceAfterUnits),
        })),
      )
      .onConflict(['access_id', 'entry_key'])
      .ignore()
      .returning('id')) as { id: number }[]
    ids.push(...inserted.map((row) => Number(row.id)))
  }
  return ids
}

/** A collective booking stored with its total only (no single items yet): its row and exact amount. */
export interface CollectiveTotal {
  id: number
  amountUnits: number
  balanceAfterUnits: number | null
  statementId: number | null
  matched: boolean
}

/**
 * The stored movements of a collective booking (Sammelbuchung) of an account, known by the bank's reference and booking
 * day: the total alone, or its single items (rows whose batch reference it is).
 */
export async function collectiveBooking(db: Knex | Knex.Transaction, accessId: number, reference: string, bookingDate: string): Promise<{ total?: CollectiveTotal; items: number }> {
  const rows = (await db('bank_transactions').where({ access_id: accessId, batch_reference: reference, booking_date: bookingDate }).select('id', 'amount', 'balance_after', 'statement_id', 'batch_total')) as Record<string, unknown>[]
  const total = rows.find((row) => Boolean(row.batch_total))
  const units = (value: unknown) => (value === null || value === undefined ? null : storedUnits(value))
  if (!total) return { items: rows.length }
  const matched = await db('bank_matches').where({ transaction_id: total.id }).whereNull('undone_at').first('id')
  return {
    total: { id: Number(total.id), amountUnits: units(total.amount) ?? 0, balanceAfterUnits: units(total.balance_after), statementId: total.statement_id === null ? null : Number(total.statement_id), matched: matched !== undefined },
    items: rows.length - 1,
  }
}

/** Removes a collective booking's total row once its single items replace it (its proposals go with it). */
export async function removeCollectiveTotal(trx: Knex.Transaction, id: number): Promise<void> {
  await trx('bank_transactions').where({ id }).delete()
}

/** Stores the proposals of many movements at once. */
export async function setProposals(trx: Knex.Transaction, proposals: ReadonlyMap<number, BankProposalRecord[]>): Promise<void> {
  const entries = [...proposals.entries()]
  for (let i = 0; i < entries.length; i += BATCH) {
    const slice = entries.slice(i, i + BATCH)
    await trx.raw(
      `update bank_transactions t set proposals = v.proposals::jsonb from (values ${slice.map(() => '(?::int, ?)').join(', ')}) as v(id, proposals) where t.id = v.id`,
      slice.flatMap(([id, list]) => [id, JSON.stringify(list)]),
    )
  }
}

/** Stored movement rows as the matching reads them. */
export async function transactionRows(db: Knex | Knex.Transaction, ids: readonly number[]): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = []
  for (let i = 0; i < ids.length; i += BATCH) rows.push(...((await db('bank_transactions').whereIn('id', ids.slice(i, i + BATCH)).orderBy('id')) as Record<string, unknown>[]))
  return rows
}

/** The company of a movement, or undefined. */
export async function companyOfBankTransaction(db: Knex, id: number): Promise<number | undefined> {
  const row = (await db('bank_transactions').where({ id }).first('company_no')) as { company_no: number } | undefined
  return row ? Number(row.company_no) : undefined
}

async function toRecords(db: Knex | Knex.Transaction, rows: Record<string, unknown>[]): Promise<BankTransactionRecord[]> {
  const ids = rows.map((row) => Number(row.id))
  const matches =
    ids.length === 0
      ? []
      : ((await db('bank_matches as m')
          .join('payments as p', 'p.id', 'm.payment_id')
          .join('bookings as b', 'b.id', 'm.booking_id')
          .whereIn('m.transaction_id', ids)
          .whereNull('m.undone_at')
          .select('m.id', 'm.transaction_id', 'm.payment_id', 'm.booking_id', 'm.automatic', 'm.confidence', 'm.reasons', 'p.amount', 'p.discount', 'b.document_number')) as Record<string, unknown>[])
  return rows.map((row) => ({
    id: Number(row.id),
    company_no: Number(row.company_no),
    access_id: Number(row.access_id),
    booking_date: day(row.booking_date),
    value_date: day(row.value_date),
    amount: exactBankAmount(row.amount) ?? '0.00',
    currency: String(row.currency),
    is_return: Boolean(row.is_return),
    return_reason: (row.return_reason as string | null) ?? null,
    bank_reference: (row.bank_reference as string | null) ?? null,
    end_to_end_id: (row.end_to_end_id as string | null) ?? null,
    mandate_id: (row.mandate_id as string | null) ?? null,
    counterparty_name: (row.counterparty_name as string | null) ?? null,
    counterparty_iban: (row.counterparty_iban as string | null) ?? null,
    remittance: String(row.remittance ?? ''),
    structured_reference: (row.structured_reference as string | null) ?? null,
    booking_text: (row.booking_text as string | null) ?? null,
    batch_reference: (row.batch_reference as string | null) ?? null,
    balance_after: exactBankAmount(row.balance_after),
    proposals: (typeof row.proposals === 'string' ? JSON.parse(row.proposals) : row.proposals) as BankProposalRecord[],
    matches: matches
      .filter((match) => Number(match.transaction_id) === Number(row.id))
      .map((match) => ({
        id: Number(match.id),
        payment_id: Number(match.payment_id),
        booking_id: Number(match.booking_id),
        document_number: (match.document_number as string | null) ?? null,
        amount: money(match.amount) ?? '0.00',
        discount: money(match.discount) ?? '0.00',
        automatic: Boolean(match.automatic),
        confidence: match.confidence === null ? null : Number(match.confidence),
        reasons: String(match.reasons ?? '').split(',').filter(Boolean),
      })),
  }))
}

/** One movement as the wire record. */
export async function bankTransactionRecord(db: Knex | Knex.Transaction, id: number): Promise<BankTransactionRecord | undefined> {
  const [record] = await toRecords(db, (await db('bank_transactions').where({ id })) as Record<string, unknown>[])
  return record
}

/** A page of a company's movements, newest first, with the balance over time of the account (or all accounts). */
export async function bankTransactionsPage(db: Knex, query: BankTransactionsQuery): Promise<{ total: number; rows: BankTransactionRecord[]; balances: { date: string; balance: string }[] }> {
  const base = db('bank_transactions').where({ company_no: query.client })
  if (query.access_id !== undefined) void base.where({ access_id: query.access_id })
  if (query.from) void base.where('booking_date', '>=', query.from)
  if (query.to) void base.where('booking_date', '<=', query.to)
  if (query.min !== undefined) void base.where('amount', '>=', query.min)
  if (query.max !== undefined) void base.where('amount', '<=', query.max)
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    void base.where((where) =>
      where.whereILike('remittance', like).orWhereILike('counterparty_name', like).orWhereILike('counterparty_iban', like.replace(/\s+/g, '')).orWhereILike('end_to_end_id', like).orWhereILike('structured_reference', like).orWhereILike('booking_text', like),
    )
  }
  if (query.unmatched) void base.whereRaw(`jsonb_array_length(proposals) > 0`).whereNotExists(db('bank_matches').whereRaw('bank_matches.transaction_id = bank_transactions.id').whereNull('undone_at'))
  const [{ count }] = (await base.clone().count({ count: '*' })) as { count: string | number }[]
  const rows = (await base.clone().orderBy([{ column: 'booking_date', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(query.$limit ?? 50).offset(query.$skip ?? 0)) as Record<string, unknown>[]
  const balanceQuery = db('bank_transactions').where({ company_no: query.client }).whereNotNull('balance_after')
  if (query.access_id !== undefined) void balanceQuery.where({ access_id: query.access_id })
  const balanceRows = (await balanceQuery.distinctOn('booking_date').orderBy([{ column: 'booking_date' }, { column: 'id', order: 'desc' }]).select('booking_date', 'balance_after').limit(400)) as Record<string, unknown>[]
  return { total: Number(count), rows: await toRecords(db, rows), balances: balanceRows.map((row) => ({ date: day(row.booking_date), balance: exactBankAmount(row.balance_after) ?? '0.00' })) }
}

/** A movement no living match settles (a collective booking's total waits for its items and is left out). */
const UNMATCHED = `not t.batch_total and not exists (select 1 from bank_matches m where m.transaction_id = t.id and m.undone_at is null)`

/**
 * The bank's part of the firm dashboard's one query (models/company-overview.ts), over `sel` and `mon`: unmatched
 * movements per company (all) and per month; per month, the statements whose opening balance is not the closing
 * balance of the account's statement before (a gap), and the accounts whose statements end before the month.
 */
export const BANK_CTES = `
  unmatched_rows as materialized (
    select t.company_no, t.booking_date from bank_transactions t where ${inCompanies('t')} and ${UNMATCHED}),
  unmatched as (select company_no, count(*)::int as n from unmatched_rows group by company_no),
  unmatched_month as (
    select u.company_no, mon.month, count(*)::int as n from unmatched_rows u join mon on u.booking_date between mon.month_from and mon.month_to
    group by u.company_no, mon.month),
  statements as (
    select s.company_no, s.access_id, coalesce(s.closing_date, s.imported_at::date) as closing_date, s.opening,
      lag(s.closing) over (partition by s.access_id order by coalesce(s.closing_date, s.imported_at::date), s.id) as previous_closing
    from bank_statements s where ${inCompanies('s')}),
  statement_gaps as (
    select st.company_no, mon.month, count(*)::int as n from statements st join mon on st.closing_date between mon.month_from and mon.month_to
    where st.previous_closing is not null and st.opening <> st.previous_closing group by st.company_no, mon.month),
  statement_missing as (
    select last.company_no, mon.month, count(*)::int as n
    from (select company_no, access_id, max(closing_date) as closing_date from statements group by company_no, access_id) last
    join mon on last.closing_date < mon.month_from group by last.company_no, mon.month)`
