import type { Knex } from 'knex'
import type { FonImportKind, FonImportProblem } from '@portal/sdk/domain'
import type { FonImport, FonImportsQuery } from '@portal/sdk/services'
import type { Actor } from './users'

/** The fon_imports table: each upload of one side, its state (inProgress, done, failed), progress and problem. */

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value === null || value === undefined ? null : new Date(String(value)).toISOString())
const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value)

/** A fon_imports row → the wire shape (never the file). */
export function toFonImport(row: Record<string, unknown>): FonImport {
  return {
    id: Number(row.id),
    kind: row.kind as FonImportKind,
    fileName: String(row.file_name),
    state: row.state as FonImport['state'],
    progress: Number(row.progress),
    rows: Number(row.rows),
    problem: (json(row.problem) as FonImportProblem | null) ?? null,
    error: (row.error as string | null) ?? null,
    createdBy: (row.created_by_name as string | null) ?? null,
    createdAt: iso(row.created_at)!,
    finishedAt: iso(row.finished_at),
  }
}

const COLUMNS = ['id', 'kind', 'file_name', 'state', 'progress', 'rows', 'problem', 'error', 'created_by_name', 'created_at', 'finished_at']

/** A new import: in progress with its file (to be run by a job), or failed with the problem its file has. */
export interface NewFonImport {
  kind: FonImportKind
  fileName: string
  actor: Actor
  content?: Uint8Array
  rows?: number
  problem?: FonImportProblem
}

/** Records an import; answers it. */
export async function insertFonImport(db: Knex, entry: NewFonImport): Promise<FonImport> {
  const [row] = (await db('fon_imports')
    .insert({
      kind: entry.kind,
      file_name: entry.fileName,
      state: entry.problem ? 'failed' : 'inProgress',
      rows: entry.rows ?? 0,
      problem: entry.problem ? JSON.stringify(entry.problem) : null,
      content: entry.content ? Buffer.from(entry.content) : null,
      created_by: entry.actor.id,
      created_by_name: entry.actor.name,
      finished_at: entry.problem ? db.fn.now() : null,
    })
    .returning(COLUMNS)) as Record<string, unknown>[]
  return toFonImport(row)
}

/** One import, or undefined. */
export async function loadFonImport(db: Knex, id: number): Promise<FonImport | undefined> {
  const row = (await db('fon_imports').where({ id }).first(COLUMNS)) as Record<string, unknown> | undefined
  return row ? toFonImport(row) : undefined
}

/** The file of an import still to run, or undefined. */
export async function fonImportFile(db: Knex, id: number): Promise<{ kind: FonImportKind; fileName: string; content: Uint8Array; actor: Actor } | undefined> {
  const row = (await db('fon_imports').where({ id, state: 'inProgress' }).first('kind', 'file_name', 'content', 'created_by', 'created_by_name')) as
    | Record<string, unknown>
    | undefined
  if (!row?.content) return undefined
  return {
    kind: row.kind as FonImportKind,
    fileName: String(row.file_name),
    content: new Uint8Array(row.content as Buffer),
    actor: { id: (row.created_by as string | null) ?? null, name: (row.created_by_name as string | null) ?? null },
  }
}

/** Ends an import: done (its file dropped) or failed with a reason; answers it. */
export async function finishFonImport(db: Knex, id: number, outcome: { state: 'done'; rows: number } | { state: 'failed'; error: string }): Promise<FonImport | undefined> {
  await db('fon_imports')
    .where({ id })
    .update({
      state: outcome.state,
      progress: outcome.state === 'done' ? 100 : db.raw('progress'),
      ...(outcome.state === 'done' ? { rows: outcome.rows } : { error: outcome.error }),
      content: null,
      finished_at: db.fn.now(),
    })
  return loadFonImport(db, id)
}

/** A page of imports, newest first. */
export async function fonImportsPage(db: Knex, query: FonImportsQuery): Promise<{ total: number; data: FonImport[] }> {
  const filtered = () => (query.kind ? db('fon_imports').where({ kind: query.kind }) : db('fon_imports'))
  const counted = await filtered().count({ total: '*' }).first()
  const rows = (await filtered()
    .orderBy('id', 'desc')
    .limit(query.$limit ?? 20)
    .offset(query.$skip ?? 0)
    .select(COLUMNS)) as Record<string, unknown>[]
  return { total: Number(counted?.total ?? 0), data: rows.map(toFonImport) }
}

/** The latest import of a kind, or null. */
export async function latestFonImport(db: Knex, kind: FonImportKind): Promise<FonImport | null> {
  const row = (await db('fon_imports').where({ kind }).orderBy('id', 'desc').first(COLUMNS)) as Record<string, unknown> | undefined
  return row ? toFonImport(row) : null
}

/** True when an import of this kind has ever succeeded (its side is in the tables). */
export async function hasDoneFonImport(db: Knex, kind: FonImportKind): Promise<boolean> {
  return (await db('fon_imports').where({ kind, state: 'done' }).first('id')) !== undefined
}
