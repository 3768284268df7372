import type { Knex } from 'knex'
import { DocumentStatus } from '@portal/sdk/domain'
import type { DocumentRow } from './row'

/** The status bits of the ERP's answer; the only bits a booked document may still change. */
const ERP_BITS = DocumentStatus.ERPImported | DocumentStatus.ERPError | DocumentStatus.ERPInfo

/** Where a document stands in the ERP: imported, refused with a message, or imported with a notice. */
export interface ErpDocumentStatus {
  imported: boolean
  error: boolean
  info: boolean
  /** The ERP's message (error or notice), null when it gave none. */
  message: string | null
}

/**
 * Sets a document's ERP flags (ERPImported, ERPError, ERPInfo) and the ERP's message, booked or not. Booking freezes
 * the booked values (BAO §131/§132: updateDocument refuses a booked document); where the document stands in the ERP
 * is not one of them, so this touches only those three bits and `erp_message` (and bumps the version, so open
 * editors learn of it). Answers the updated row, or undefined when there is no such document.
 */
export async function setErpStatus(db: Knex | Knex.Transaction, id: number, status: ErpDocumentStatus): Promise<DocumentRow | undefined> {
  const bits =
    (status.imported ? DocumentStatus.ERPImported : 0) | (status.error ? DocumentStatus.ERPError : 0) | (status.info ? DocumentStatus.ERPInfo : 0)
  const [row] = (await db('documents')
    .where({ id })
    .update({
      status: db.raw('(status & ?) | ?', [~ERP_BITS, bits]),
      erp_message: status.message,
      updated_at: db.fn.now(),
      version: db.raw('version + 1'),
    })
    .returning('*')) as DocumentRow[]
  return row
}

/** The stored file of each document (content address and type), for packing an export batch. */
export async function documentFiles(
  db: Knex | Knex.Transaction,
  ids: readonly number[],
): Promise<Map<number, { sha256: string; mime: string }>> {
  const rows = (await db('documents').whereRaw('id = any(?::int[])', [[...ids]]).select('id', 'sha256', 'mime')) as {
    id: number
    sha256: string
    mime: string
  }[]
  return new Map(rows.map((row) => [Number(row.id), { sha256: row.sha256, mime: row.mime }]))
}
