import type { Knex } from 'knex'
import type { DocumentRequestMessageRecord, DocumentRequestRecord, DocumentRequestsQuery, Page } from '@portal/sdk/services'
import { DEFAULT_REMINDER_DAYS, type RequestKind, type RequestStatus } from '@portal/sdk/domain'
import { exactBankAmount } from './bank-transactions'
import type { Actor } from './users'

type Db = Knex | Knex.Transaction

const iso = (value: unknown): string => (value instanceof Date ? value : new Date(String(value))).toISOString()
const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : iso(value))
const day = (value: unknown): string => (value instanceof Date ? new Date(value.getTime() - value.getTimezoneOffset() * 60_000).toISOString() : String(value)).slice(0, 10)

/** The columns of one request row as the records read them. */
function requestRows(db: Db): Knex.QueryBuilder {
  return db('document_requests as r')
    .leftJoin('users as ua', 'ua.id', 'r.answered_by')
    .leftJoin('users as uc', 'uc.id', 'r.closed_by')
    .leftJoin('bank_transactions as t', 't.id', 'r.bank_transaction_id')
    .select(
      'r.*',
      db.raw(`nullif(trim(concat_ws(' ', ua.first_name, ua.last_name)), '') as answered_by_name`),
      db.raw(`nullif(trim(concat_ws(' ', uc.first_name, uc.last_name)), '') as closed_by_name`),
      't.booking_date as t_booking_date',
      't.amount as t_amount',
      't.currency as t_currency',
      't.counterparty_name as t_counterparty_name',
      't.remittance as t_remittance',
      db.raw('exists (select 1 from bank_matches m where m.transaction_id = t.id and m.undone_at is null) as t_matched'),
      db.raw('(select count(*) from document_request_messages m where m.request_id = r.id)::int as message_count'),
    )
}

async function toRecords(db: Db, rows: Record<string, unknown>[]): Promise<DocumentRequestRecord[]> {
  const ids = rows.map((row) => Number(row.id))
  const reminders =
    ids.length === 0
      ? []
      : ((await db('document_request_reminders').whereIn('request_id', ids).orderBy('sent_at').select('request_id', 'sent_at', 'recipient_name')) as Record<string, unknown>[])
  return rows.map((row) => ({
    id: Number(row.id),
    company_no: Number(row.company_no),
    kind: row.kind as RequestKind,
    text: String(row.text),
    due_date: day(row.due_date),
    status: row.status as RequestStatus,
    bank_transaction_id: row.bank_transaction_id === null ? null : Number(row.bank_transaction_id),
    transaction:
      row.bank_transaction_id === null || row.t_booking_date === null || row.t_booking_date === undefined
        ? null
        : {
            booking_date: day(row.t_booking_date),
            amount: exactBankAmount(row.t_amount) ?? '0.00',
            currency: String(row.t_currency),
            counterparty_name: (row.t_counterparty_name as string | null) ?? null,
            remittance: String(row.t_remittance ?? ''),
            matched: Boolean(row.t_matched),
          },
    document_id: row.document_id === null ? null : Number(row.document_id),
    answer: (row.answer as string | null) ?? null,
    created_by_name: (row.created_by_name as string | null) ?? null,
    created_at: iso(row.created_at),
    answered_by_name: (row.answered_by_name as string | null) ?? null,
    answered_at: isoOrNull(row.answered_at),
    closed_by_name: (row.closed_by_name as string | null) ?? null,
    closed_at: isoOrNull(row.closed_at),
    messages: Number(row.message_count ?? 0),
    reminders: reminders
      .filter((reminder) => Number(reminder.request_id) === Number(row.id))
      .map((reminder) => ({ at: iso(reminder.sent_at), recipient_name: String(reminder.recipient_name) })),
  }))
}

/** One request as the wire record, or undefined. */
export async function requestRecord(db: Db, id: number): Promise<DocumentRequestRecord | undefined> {
  const [record] = await toRecords(db, (await requestRows(db).where('r.id', id)) as Record<string, unknown>[])
  return record
}

/** The company of a request, or undefined when there is none. */
export async function companyOfRequest(db: Db, id: number): Promise<number | undefined> {
  const row = (await db('document_requests').where({ id }).first('company_no')) as { company_no: number } | undefined
  return row ? Number(row.company_no) : undefined
}

/** A page of requests of the caller's companies (or one), not closed first by due date. */
export async function requestsPage(db: Db, query: DocumentRequestsQuery, companies: readonly number[] | undefined): Promise<Page<DocumentRequestRecord>> {
  const limit = query.$limit ?? 100
  const skip = query.$skip ?? 0
  const base = db('document_requests as r')
  if (companies) void base.whereIn('r.company_no', companies)
  if (query.company_no !== undefined) void base.where('r.company_no', query.company_no)
  if (query.id !== undefined) void base.where('r.id', query.id)
  if (typeof query.status === 'string') void base.where('r.status', query.status)
  else if (query.status) void base.whereIn('r.status', query.status.$in)
  const counted = (await base.clone().count({ total: '*' }).first()) as { total: string | number } | undefined
  const total = Number(counted?.total ?? 0)
  if (limit === 0) return { total, limit, skip, data: [] }
  const ids = base.clone().select('r.id')
  const rows = (await requestRows(db)
    .whereIn('r.id', ids)
    .orderByRaw(`case r.status when 'closed' then 1 else 0 end, r.due_date, r.id`)
    .limit(limit)
    .offset(skip)) as Record<string, unknown>[]
  return { total, limit, skip, data: await toRecords(db, rows) }
}

/** What a new request stores. */
export interface NewRequest {
  companyNo: number
  kind: RequestKind
  text: string
  dueDate: string
  bankTransactionId: number | null
  actor: Actor
}

/** Inserts a request; answers its id. */
export async function insertRequest(trx: Knex.Transaction, request: NewRequest): Promise<number> {
  const [row] = (await trx('document_requests')
    .insert({
      company_no: request.companyNo,
      kind: request.kind,
      text: request.text,
      due_date: request.dueDate,
      bank_transaction_id: request.bankTransactionId,
      created_by: request.actor.id,
      created_by_name: request.actor.name,
    })
    .returning('id')) as { id: number }[]
  return Number(row.id)
}

/** The request row under lock (status, company, kind, transaction), or undefined. */
export async function lockRequest(trx: Knex.Transaction, id: number): Promise<{ id: number; company_no: number; status: RequestStatus; kind: RequestKind; bank_transaction_id: number | null; text: string } | undefined> {
  const row = (await trx('document_requests').where({ id }).forUpdate().first('id', 'company_no', 'status', 'kind', 'bank_transaction_id', 'text')) as Record<string, unknown> | undefined
  return row
    ? { id: Number(row.id), company_no: Number(row.company_no), status: row.status as RequestStatus, kind: row.kind as RequestKind, bank_transaction_id: row.bank_transaction_id === null ? null : Number(row.bank_transaction_id), text: String(row.text) }
    : undefined
}

/** Records an answer (text or document): the request becomes answered (a closed one is refused before). */
export async function answerRequest(trx: Knex.Transaction, id: number, answer: { text?: string; documentId?: number; actor: Actor }): Promise<void> {
  await trx('document_requests')
    .where({ id })
    .update({
      ...(answer.text !== undefined ? { answer: answer.text } : {}),
      ...(answer.documentId !== undefined ? { document_id: answer.documentId } : {}),
      status: 'answered',
      answered_by: answer.actor.id,
      answered_at: trx.fn.now(),
    })
}

/** Closes a request. */
export async function closeRequest(trx: Knex.Transaction, id: number, actor: Actor): Promise<void> {
  await trx('document_requests').where({ id }).update({ status: 'closed', closed_by: actor.id, closed_at: trx.fn.now() })
}

/** The open transaction requests a document answers (to match the movement once the document is booked). */
export async function transactionRequestsOfDocument(db: Db, documentId: number): Promise<{ id: number; bankTransactionId: number }[]> {
  const rows = (await db('document_requests').where({ document_id: documentId, kind: 'transaction' }).whereNotNull('bank_transaction_id').select('id', 'bank_transaction_id')) as Record<string, unknown>[]
  return rows.map((row) => ({ id: Number(row.id), bankTransactionId: Number(row.bank_transaction_id) }))
}

// ---- the thread ----

const toMessage = (row: Record<string, unknown>): DocumentRequestMessageRecord => ({
  id: Number(row.id),
  request_id: Number(row.request_id),
  company_no: Number(row.company_no),
  text: String(row.text ?? ''),
  document_id: row.document_id === null ? null : Number(row.document_id),
  author_name: (row.author_name as string | null) ?? null,
  created_at: iso(row.created_at),
})

/** Appends a message to a request's thread; answers it. */
export async function insertRequestMessage(trx: Knex.Transaction, message: { requestId: number; companyNo: number; text: string; documentId?: number; actor: Actor }): Promise<DocumentRequestMessageRecord> {
  const [row] = (await trx('document_request_messages')
    .insert({ request_id: message.requestId, company_no: message.companyNo, text: message.text, document_id: message.documentId ?? null, author_id: message.actor.id, author_name: message.actor.name })
    .returning('*')) as Record<string, unknown>[]
  return toMessage(row)
}

/** A page of one request's thread, oldest first. */
export async function requestMessagesPage(db: Db, requestId: number, limit: number, skip: number): Promise<Page<DocumentRequestMessageRecord>> {
  const base = db('document_request_messages').where({ request_id: requestId })
  const counted = (await base.clone().count({ total: '*' }).first()) as { total: string | number } | undefined
  const rows = limit === 0 ? [] : ((await base.clone().orderBy('id').limit(limit).offset(skip).select('*')) as Record<string, unknown>[])
  return { total: Number(counted?.total ?? 0), limit, skip, data: rows.map(toMessage) }
}

// ---- reminders ----

/** An open request whose due date has come, with its company's interval and last reminder. */
export interface DueRequest {
  id: number
  companyNo: number
  text: string
  dueDate: string
  intervalDays: number
  lastReminded: string | null
}

/** Open requests due on or before `today`, with their company's reminder interval and last reminder. */
export async function openRequestsDue(db: Db, today: string): Promise<DueRequest[]> {
  const rows = (await db('document_requests as r')
    .leftJoin('company_settings as s', 's.company_no', 'r.company_no')
    .where('r.status', 'open')
    .where('r.due_date', '<=', today)
    .orderBy('r.id')
    .select('r.id', 'r.company_no', 'r.text', 'r.due_date', db.raw('coalesce(s.request_reminder_days, ?) as interval_days', [DEFAULT_REMINDER_DAYS]), db.raw('(select max(sent_at) from document_request_reminders m where m.request_id = r.id) as last_reminded'))) as Record<string, unknown>[]
  return rows.map((row) => ({
    id: Number(row.id),
    companyNo: Number(row.company_no),
    text: String(row.text),
    dueDate: day(row.due_date),
    intervalDays: Number(row.interval_days),
    lastReminded: isoOrNull(row.last_reminded),
  }))
}

/** A reminder of one request to one person on one day. */
export interface ReminderClaim {
  requestId: number
  companyNo: number
  recipientId: string
  recipientName: string
  recipientEmail: string
  at: Date
  /** Vienna's date of `at`. */
  day: string
}

/**
 * Records that a person is reminded of a request today, before the mail goes out: false when it is recorded already
 * (another server of the same database claimed it), so each reminder is mailed once.
 */
export async function claimReminder(db: Db, reminder: ReminderClaim): Promise<boolean> {
  const rows = (await db('document_request_reminders')
    .insert({
      request_id: reminder.requestId,
      company_no: reminder.companyNo,
      recipient_id: reminder.recipientId,
      recipient_name: reminder.recipientName,
      recipient_email: reminder.recipientEmail,
      sent_at: reminder.at,
      sent_on: reminder.day,
    })
    .onConflict(['request_id', 'recipient_id', 'sent_on'])
    .ignore()
    .returning('id')) as { id: number }[]
  return rows.length > 0
}

/** Takes a claimed reminder back (its mail could not be sent; the next run tries again). */
export async function releaseReminder(db: Db, reminder: ReminderClaim): Promise<void> {
  await db('document_request_reminders').where({ request_id: reminder.requestId, recipient_id: reminder.recipientId, sent_on: reminder.day }).delete()
}
