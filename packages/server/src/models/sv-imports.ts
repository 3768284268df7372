import type { Knex } from 'knex'
import type { SvImportKind, SvImportProblem } from '@portal/sdk/domain'
import type { SvImport, SvImportsQuery } from '@portal/sdk/services'
import type { Actor } from './users'

/** The sv_imports table: each upload of a contribution-account export, its state, progress and problem. */

const iso = (value: unknown) => (value === null || value === undefined ? null : (value instanceof Date ? value : new Date(String(value))).toISOString())
const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value)

/** A sv_imports row → the wire shape (never the file). */
export function toSvImport(row: Record<string, unknown>): SvImport {
  return {
    id: Number(row.id),
    kind: row.kind as SvImportKind,
    fileName: String(row.file_name),
    state: row.state as SvImport['state'],
    progress: Number(row.progress),
    rows: Number(row.rows),
    problem: (json(row.problem) as SvImportProblem | null) ?? null,
    error: (row.error as string | null) ?? null,
    createdBy: (row.created_by_name as string | null) ?? null,
    createdAt: iso(row.created_at)!,
    finishedAt: iso(row.finished_at),
  }
}

const COLUMNS = ['id', 'kind', 'file_name', 'state', 'progress', 'rows', 'problem', 'error', 'created_by_name', 'created_at', 'finished_at']

/** Records an import: in progress with its file (for the job), or failed with its file's problem. */
export async function insertSvImport(
  db: Knex,
  entry: { kind: SvImportKind; fileName: string; actor: Actor; content?: Uint8Array; rows?: number; problem?: SvImportProblem },
): Promise<SvImport> {
  const [row] = (await db('sv_imports')
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
  return toSvImport(row)
}

/** One import, or undefined. */
export async function loadSvImport(db: Knex, id: number): Promise<SvImport | undefined> {
  const row = (await db('sv_imports').where({ id }).first(COLUMNS)) as Record<string, unknown> | undefined
  return row ? toSvImport(row) : undefined
}

/** The file of an import still to run, or undefined. */
export async function svImportFile(db: Knex, id: number): Promise<{ kind: SvImportKind; fileName: string; content: Uint8Array; actor: Actor } | undefined> {
  const row = (await db('sv_imports').where({ id, state: 'inProgress' }).first('kind', 'file_name', 'content', 'created_by', 'created_by_name')) as
    | Record<string, unknown>
    | undefined
  if (!row?.content) return undefined
  return {
    kind: row.kind as SvImportKind,
    fileName: String(row.file_name),
    content: new Uint8Array(row.content as Buffer),
    actor: { id: (row.created_by as string | null) ?? null, name: (row.created_by_name as string | null) ?? null },
  }
}

/** Ends an import: done, or failed with a reason (an i18n key) or the row that broke a rule; drops its file. */
export async function finishSvImport(
  db: Knex,
  id: number,
  outcome: { state: 'done'; rows: number } | { state: 'failed'; error: string; problem?: SvImportProblem },
): Promise<SvImport | undefined> {
  await db('sv_imports')
    .where({ id })
    .update({
      state: outcome.state,
      progress: outcome.state === 'done' ? 100 : db.raw('progress'),
      ...(outcome.state === 'done' ? { rows: outcome.rows } : { error: outcome.error, problem: outcome.problem ? JSON.stringify(outcome.problem) : null }),
      content: null,
      finished_at: db.fn.now(),
    })
  return loadSvImport(db, id)
}

/** A page of imports, newest first. */
export async function svImportsPage(db: Knex, query: SvImportsQuery): Promise<{ total: number; data: SvImport[] }> {
  const counted = await db('sv_imports').count({ total: '*' }).first()
  const rows = (await db('sv_imports')
    .orderBy('id', 'desc')
    .limit(query.$limit ?? 20)
    .offset(query.$skip ?? 0)
    .select(COLUMNS)) as Record<string, unknown>[]
  return { total: Number(counted?.total ?? 0), data: rows.map(toSvImport) }
}
