import type { Knex } from 'knex'
import type { FonQuotaRow, FonReturnType, NtcsRecord } from '@portal/sdk/domain'

/** The two imported sides: fon_records (the firm's records export) and fon_quota_rows (the FON quota list), each replaced whole. */

const BATCH = 1000
const date = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`

/** Replaces every row of one side's table with these, in batches, in the caller's transaction; reports each batch. */
async function replaceSide<T>(
  trx: Knex.Transaction,
  table: 'fon_records' | 'fon_quota_rows',
  items: readonly T[],
  toRow: (item: T) => Record<string, unknown>,
  onBatch?: (written: number) => Promise<void> | void,
): Promise<void> {
  await trx(table).delete()
  for (let i = 0; i < items.length; i += BATCH) {
    await trx(table).insert(items.slice(i, i + BATCH).map(toRow))
    await onBatch?.(Math.min(items.length, i + BATCH))
  }
}

/** Replaces the firm's records with these, in the caller's transaction; reports each batch written. */
export async function replaceFonRecords(trx: Knex.Transaction, records: readonly NtcsRecord[], onBatch?: (written: number) => Promise<void> | void): Promise<void> {
  await replaceSide(
    trx,
    'fon_records',
    records,
    (record) => ({
      pers_nr: record.persNr,
      tax_id: record.taxId,
      name: record.name,
      return_type: record.returnType,
      year: record.year,
      submitted_on: record.submittedOn,
      relevant: record.relevant,
      company_no: record.companyNo,
      kontonr: record.kontonr,
      ntcs_id: record.ntcsId,
      kanzlei_id: record.kanzleiId,
    }),
    onBatch,
  )
}

/** Replaces the FON quota list with these rows, in the caller's transaction; reports each batch written. */
export async function replaceFonQuotaRows(trx: Knex.Transaction, rows: readonly FonQuotaRow[], onBatch?: (written: number) => Promise<void> | void): Promise<void> {
  await replaceSide(
    trx,
    'fon_quota_rows',
    rows,
    (row) => ({
      tax_id: row.taxId,
      pers_nr: row.persNr,
      name: row.name,
      return_type: row.returnType,
      year: row.year,
      received_on: row.receivedOn,
      reg_kassa: row.regKassa,
      saldo: row.saldo,
    }),
    onBatch,
  )
}

/** Every record of the firm's side. */
export async function loadFonRecords(db: Knex): Promise<NtcsRecord[]> {
  const rows = (await db('fon_records')
    .select('*', db.raw(`${date('submitted_on')} as submitted_text`))
    .orderBy(['tax_id', 'return_type', 'year'])) as Record<string, unknown>[]
  return rows.map((row) => ({
    persNr: String(row.pers_nr),
    taxId: String(row.tax_id),
    name: String(row.name),
    returnType: row.return_type as FonReturnType,
    year: Number(row.year),
    submittedOn: (row.submitted_text as string | null) ?? null,
    relevant: Boolean(row.relevant),
    companyNo: row.company_no === null ? null : Number(row.company_no),
    kontonr: (row.kontonr as string | null) ?? null,
    ntcsId: (row.ntcs_id as string | null) ?? null,
    kanzleiId: (row.kanzlei_id as string | null) ?? null,
  }))
}

/** Every row of the FON side. */
export async function loadFonQuotaRows(db: Knex): Promise<FonQuotaRow[]> {
  const rows = (await db('fon_quota_rows')
    .select('*', db.raw(`${date('received_on')} as received_text`), db.raw('saldo::text as saldo_text'))
    .orderBy(['tax_id', 'return_type', 'year'])) as Record<string, unknown>[]
  return rows.map((row) => ({
    taxId: String(row.tax_id),
    persNr: (row.pers_nr as string | null) ?? null,
    name: String(row.name),
    returnType: row.return_type as FonReturnType,
    year: Number(row.year),
    receivedOn: (row.received_text as string | null) ?? null,
    regKassa: (row.reg_kassa as FonQuotaRow['regKassa']) ?? null,
    saldo: (row.saldo_text as string | null) ?? null,
  }))
}
