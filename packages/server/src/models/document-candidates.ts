import type { Knex } from 'knex'
import { HUMAN_SOURCES } from '@portal/sdk/domain'

/** One stored candidate value of a document field. */
export interface CandidateRow {
  id: number
  document_id: number
  field: string
  /** Scalar values as text (money as exact decimal strings); tax breakdowns as JSON text. */
  value: string
  /** Data-source code (DataSource of the SDK domain). */
  source: number
  confidence: number
  page: number | null
  /** jsonb arrives parsed from pg and as text from some drivers. */
  box: unknown
  label: string | null
  chosen: boolean
  /** The portal user who gave it (people's values); null for the machines'. */
  created_by?: string | null
}

/** A candidate to store (id, document and chosen are set by the model and the aggregation). */
export interface NewCandidate {
  field: string
  value: string
  source: number
  confidence: number
  page?: number | null
  box?: unknown
  label?: string | null
  created_by?: string | null
}

const BATCH = 500

const toInsert = (documentId: number, candidate: NewCandidate) => ({
  document_id: documentId,
  field: candidate.field,
  value: candidate.value,
  source: candidate.source,
  confidence: candidate.confidence,
  page: candidate.page ?? null,
  box: candidate.box ? JSON.stringify(candidate.box) : null,
  label: candidate.label ?? null,
  created_by: candidate.created_by ?? null,
  chosen: false,
})

/** Every candidate of a document, oldest first (the order the precedence breaks ties by). */
export async function listCandidates(db: Knex, documentId: number): Promise<CandidateRow[]> {
  const rows: CandidateRow[] = await db('document_candidates').where({ document_id: documentId }).orderBy('id')
  return rows.map((row) => ({ ...row, id: Number(row.id), source: Number(row.source), confidence: Number(row.confidence) }))
}

/** The candidates people gave for a document, oldest first (kept through every machine re-run). */
export async function listHumanCandidates(db: Knex, documentId: number): Promise<CandidateRow[]> {
  return (await listCandidates(db, documentId)).filter((row) => (HUMAN_SOURCES as readonly number[]).includes(row.source))
}

/** Replaces a document's machine candidates with a new run's; what people gave stays. */
export async function replaceMachineCandidates(trx: Knex.Transaction, documentId: number, candidates: readonly NewCandidate[]): Promise<void> {
  await trx('document_candidates').where({ document_id: documentId }).whereNotIn('source', [...HUMAN_SOURCES]).delete()
  const rows = candidates.map((candidate) => toInsert(documentId, candidate))
  for (let i = 0; i < rows.length; i += BATCH) await trx('document_candidates').insert(rows.slice(i, i + BATCH))
}

/** Adds one candidate (a person's value). */
export async function insertCandidate(trx: Knex.Transaction, documentId: number, candidate: NewCandidate): Promise<void> {
  await trx('document_candidates').insert(toInsert(documentId, candidate))
}

/** Adds several candidates of one step in one statement (a booking's values). */
export async function insertCandidates(trx: Knex.Transaction, documentId: number, candidates: readonly NewCandidate[]): Promise<void> {
  if (candidates.length > 0) await trx('document_candidates').insert(candidates.map((candidate) => toInsert(documentId, candidate)))
}

/** Marks exactly these candidates of a document as the current values, every other one as not. */
export async function setChosenCandidates(trx: Knex.Transaction, documentId: number, chosenIds: readonly number[]): Promise<void> {
  const chosen = chosenIds.length === 0 ? trx.raw('false') : trx.raw(`id in (${chosenIds.map(() => '?').join(', ')})`, [...chosenIds])
  await trx('document_candidates').where({ document_id: documentId }).update({ chosen })
}

/**
 * Re-ranks a document's candidates of one source as another (a reversed booking's Human_Booking values stand again as
 * Human_Confirmation ones, so the next correction outranks them; the bookings table and the history keep that they
 * were booked). Answers how many changed.
 */
export async function rerankCandidates(trx: Knex.Transaction, documentId: number, from: number, to: number): Promise<number> {
  return trx('document_candidates').where({ document_id: documentId, source: from }).update({ source: to })
}
