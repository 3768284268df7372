import { DocumentKind } from '@portal/sdk/domain'
import type { Knex } from 'knex'
import { formatCents, toCents, type PainVersion, type RunGrouping, type RunStatus } from '@portal/sdk/domain'
import type { OpenCreditNote, PaymentRunItem, PaymentRunRecord } from '@portal/sdk/services'
import { isoDate } from './open-items'

/** The queries of payment_runs and payment_run_items (issue 35). */

/** Runs that still hold their items: an item in one of them is "in payment" and cannot go into another run. */
export const ACTIVE_RUN_STATUSES: readonly RunStatus[] = ['created', 'released', 'sent']

const iso = (value: unknown): string | null => (value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value))
const money = (value: unknown): string => formatCents(toCents(Number(value ?? 0).toFixed(2)) ?? 0)

/** The file name a run's pain.001 is downloaded as. */
export const runFileName = (run: { id: number; company_no: number; pain_version: string }) => `zahlungslauf-${run.company_no}-${run.id}.${run.pain_version}.xml`

function runRecord(row: Record<string, unknown>, items: PaymentRunItem[]): PaymentRunRecord {
  const run = {
    id: Number(row.id),
    company_no: Number(row.company_no),
    status: row.status as RunStatus,
    pain_version: row.pain_version as PainVersion,
    grouping: row.grouping as RunGrouping,
    execution_date: isoDate(row.execution_date) ?? '',
    debtor_name: String(row.debtor_name),
    debtor_iban: String(row.debtor_iban),
    debtor_bic: (row.debtor_bic as string | null) ?? null,
    message_id: String(row.message_id),
    count: Number(row.count),
    transactions: Number(row.transactions ?? 0),
    total: money(row.total),
    release_required: Boolean(row.release_required),
    file_name: '',
    file_sha256: String(row.file_sha256),
    created_by_name: (row.created_by_name as string | null) ?? null,
    created_at: iso(row.created_at) ?? '',
    released_by_name: (row.released_by_name as string | null) ?? null,
    released_at: iso(row.released_at),
    sent_by_name: (row.sent_by_name as string | null) ?? null,
    sent_at: iso(row.sent_at),
    items,
  }
  return { ...run, file_name: runFileName(run) }
}

const itemRecord = (row: Record<string, unknown>): PaymentRunItem => ({
  booking_id: Number(row.booking_id),
  document_id: Number(row.document_id),
  account: Number(row.account),
  document_number: (row.document_number as string | null) ?? null,
  creditor_name: String(row.creditor_name),
  creditor_iban: String(row.creditor_iban),
  amount: money(row.amount),
  discount: money(row.discount),
  end_to_end_id: String(row.end_to_end_id),
})

const RUN_COLUMNS = [
  'id', 'company_no', 'status', 'pain_version', 'grouping', 'execution_date', 'debtor_name', 'debtor_iban', 'debtor_bic', 'message_id', 'count', 'total',
  'release_required', 'file_sha256', 'created_by', 'created_by_name', 'created_at', 'released_by_name', 'released_at', 'sent_by_name', 'sent_at',
]

/**
 * One run with its items, or undefined; `items` are the rows just stored (a new run's), so they are not read back.
 */
export async function paymentRun(db: Knex | Knex.Transaction, id: number, stored?: readonly Record<string, unknown>[]): Promise<PaymentRunRecord | undefined> {
  const row = (await db('payment_runs').where({ id }).first(RUN_COLUMNS)) as Record<string, unknown> | undefined
  if (!row) return undefined
  const items = (stored ?? ((await db('payment_run_items').where({ run_id: id }).orderBy('id')) as Record<string, unknown>[])).map(itemRecord)
  const transactions = new Set(items.map((item) => item.end_to_end_id)).size
  return runRecord({ ...row, transactions }, items)
}

/** A company's runs, newest first (without their items). */
export async function paymentRunsOf(db: Knex, companyNo: number, status?: RunStatus): Promise<PaymentRunRecord[]> {
  const query = db('payment_runs').where({ company_no: companyNo }).orderBy('id', 'desc').limit(500)
  if (status) query.where({ status })
  const rows = (await query.select(RUN_COLUMNS.map((column) => `payment_runs.${column}`))
    .select(db.raw('(select count(distinct end_to_end_id) from payment_run_items i where i.run_id = payment_runs.id)::int as transactions'))) as Record<string, unknown>[]
  return rows.map((row) => runRecord(row, []))
}

/** The company of a run (undefined when there is none). */
export async function companyOfRun(db: Knex, id: number): Promise<number | undefined> {
  const row = (await db('payment_runs').where({ id }).first('company_no')) as { company_no: number } | undefined
  return row ? Number(row.company_no) : undefined
}

/** A run's state under a row lock (a release and a cancel of the same run wait for each other). */
export async function lockRun(trx: Knex.Transaction, id: number): Promise<{ company_no: number; status: RunStatus; created_by: string | null; release_required: boolean } | undefined> {
  const row = (await trx('payment_runs').where({ id }).forUpdate().first('company_no', 'status', 'created_by', 'release_required')) as Record<string, unknown> | undefined
  return row ? { company_no: Number(row.company_no), status: row.status as RunStatus, created_by: (row.created_by as string | null) ?? null, release_required: Boolean(row.release_required) } : undefined
}

/** Sets a run's status with who did it. */
export async function setRunStatus(trx: Knex.Transaction, id: number, status: RunStatus, actor: { id: string | null; name: string | null }): Promise<void> {
  const who = status === 'released' ? { released_by: actor.id, released_by_name: actor.name, released_at: trx.fn.now() }
    : status === 'sent' ? { sent_by: actor.id, sent_by_name: actor.name, sent_at: trx.fn.now() }
    : { cancelled_by: actor.id, cancelled_at: trx.fn.now() }
  await trx('payment_runs').where({ id }).update({ status, ...who })
}

/** Stores a run (its file written afterwards, once its id is known); answers the id. */
export async function insertRun(trx: Knex.Transaction, row: Record<string, unknown>): Promise<number> {
  const [inserted] = (await trx('payment_runs').insert({ ...row, file: '', file_sha256: '' }).returning('id')) as { id: number }[]
  return Number(inserted.id)
}

/** Keeps the run's file (and its message id) as written. */
export async function keepRunFile(trx: Knex.Transaction, id: number, values: { file: string; file_sha256: string; message_id: string }): Promise<void> {
  await trx('payment_runs').where({ id }).update(values)
}

const ITEM_COLUMNS = 'run_id int, company_no int, booking_id int, document_id int, account int, document_number text, creditor_name text, creditor_iban text, amount numeric, discount numeric, end_to_end_id text'

/** Stores a run's items: one statement with the rows as one JSON parameter (a thousand rows of bindings are slow to send). */
export async function insertRunItems(trx: Knex.Transaction, rows: readonly Record<string, unknown>[]): Promise<void> {
  const columns = ITEM_COLUMNS.split(', ').map((column) => column.split(' ')[0]).join(', ')
  await trx.raw(`insert into payment_run_items (${columns}) select ${columns} from json_to_recordset(?::json) as r(${ITEM_COLUMNS})`, [JSON.stringify(rows)])
}

/** A run's kept file (and whether it still waits for its release), or undefined. */
export async function runFile(db: Knex, id: number): Promise<{ bytes: Buffer; name: string; awaitingRelease: boolean } | undefined> {
  const row = (await db('payment_runs').where({ id }).first('id', 'company_no', 'pain_version', 'file', 'status', 'release_required')) as Record<string, unknown> | undefined
  if (!row) return undefined
  const bytes = Buffer.from(String(row.file), 'utf8')
  const awaitingRelease = Boolean(row.release_required) && row.status === 'created'
  return { bytes, name: runFileName({ id: Number(row.id), company_no: Number(row.company_no), pain_version: String(row.pain_version) }), awaitingRelease }
}

/** Of the given bookings, those in a run that still holds them, with that run's id. */
export async function bookingsInRuns(db: Knex | Knex.Transaction, bookingIds: readonly number[]): Promise<Map<number, number>> {
  const found = new Map<number, number>()
  for (let i = 0; i < bookingIds.length; i += 1000) {
    const rows = (await db('payment_run_items as i')
      .join('payment_runs as r', 'r.id', 'i.run_id')
      .whereIn('r.status', ACTIVE_RUN_STATUSES)
      .whereIn('i.booking_id', bookingIds.slice(i, i + 1000))
      .select('i.booking_id', 'i.run_id')) as { booking_id: number; run_id: number }[]
    for (const row of rows) found.set(Number(row.booking_id), Number(row.run_id))
  }
  return found
}

/**
 * A company's credit notes from suppliers (standing bookings of side ER with a negative gross) that no active run has
 * set off yet and no bank debit used up; narrowed to `ids` when given.
 */
export async function openCreditNotes(db: Knex | Knex.Transaction, companyNo: number, ids?: readonly number[]): Promise<(OpenCreditNote & { document_id: number })[]> {
  const query = db('bookings as b')
    .leftJoin(
      db.raw(`(select distinct on (account) account, name from accounts where company_no = ? order by account, accounting desc) as names`, [companyNo]),
      'names.account',
      'b.account',
    )
    .where({ 'b.company_no': companyNo, 'b.kind': 'booking', 'b.document_type': DocumentKind.ER })
    .where('b.gross', '<', 0)
    .whereNotExists(db('bookings as r').whereRaw('r.reverses_booking_id = b.id'))
    .whereNotExists(db('payment_run_items as i').join('payment_runs as pr', 'pr.id', 'i.run_id').whereRaw('i.booking_id = b.id').whereIn('pr.status', ACTIVE_RUN_STATUSES))
    // Not used up yet: a bank debit that set it off gave it a payment below 0 (openCreditNoteRows' rule).
    .whereRaw(`b.gross - coalesce((select sum(p.amount) from payments p where p.booking_id = b.id and p.undone_at is null), 0) < 0`)
    .orderBy('b.id')
    .select('b.id', 'b.account', 'b.document_number', 'b.gross', 'b.document_id', 'names.name as partner_name')
  if (ids) query.whereIn('b.id', ids)
  return ((await query) as Record<string, unknown>[]).map((row) => ({
    id: Number(row.id),
    account: Number(row.account),
    partner_name: (row.partner_name as string | null) ?? null,
    document_number: (row.document_number as string | null) ?? null,
    amount: money(row.gross),
    document_id: Number(row.document_id),
  }))
}
