import type { Knex } from 'knex'
import { Conflict } from '@feathersjs/errors'
import { DocumentStatus } from '@portal/sdk/domain'
import { errorData } from '@portal/sdk/errors'
import type { DocumentRow } from './row'
import { assertVersion, isBooked } from './write'

/** The refusal to reverse a document that is not booked. */
export function notBooked(id: number): Conflict {
  return new Conflict(`Document ${id} is not booked`, errorData('booking:refusal.notBooked', { id }))
}

/**
 * The one way past the booked-document lock (BAO §131/§132 allow only a documented reversal): locks a booked document
 * for its reversal. Answers the row, or undefined when there is none; 409 booking:refusal.notBooked when it is not
 * booked, 409 documents:staleVersion when it moved past `expectedVersion`.
 */
export async function lockBookedDocument(trx: Knex.Transaction, id: number, expectedVersion: number): Promise<DocumentRow | undefined> {
  const row: DocumentRow | undefined = await trx('documents').where({ id }).forUpdate().first()
  if (!row) return undefined
  assertVersion({ id: row.id, version: Number(row.version) }, expectedVersion)
  if (!isBooked(row)) throw notBooked(id)
  return row
}

/**
 * Clears the Booked flag of a document locked by lockBookedDocument, in the reversal's transaction (after its
 * reversal booking is written), and bumps its version; only status, booked_at and version change.
 */
export async function unbookDocument(trx: Knex.Transaction, id: number): Promise<DocumentRow> {
  const [row] = await trx('documents')
    .where({ id })
    .update({ status: trx.raw('status & ~?::int', [DocumentStatus.Booked]), booked_at: null, updated_at: trx.fn.now(), version: trx.raw('version + 1') })
    .returning('*')
  return row as DocumentRow
}
