import { GeneralError } from '@feathersjs/errors'
import type { Application } from '../declarations'
import { batchNotFound } from '../models/erp-errors'
import { erpItemRows, loadErpBatchFile } from '../models/erp-exports'
import { sha256Hex } from '../documents/store'
import { batchZip } from './batchZip'

/**
 * A kept batch's ZIP, rebuilt from its stored booking file and its documents' files: the same bytes as when it was
 * created (checked against the SHA-256 recorded then; a difference is a server fault, never silently another file).
 */
export async function downloadExportBatch(props: { app: Application; batchId: number }): Promise<{ name: string; bytes: Uint8Array }> {
  const knex = props.app.get('knex')
  const batch = await loadErpBatchFile(knex, props.batchId)
  if (!batch) throw batchNotFound(props.batchId)
  const items = await erpItemRows(knex, props.batchId)
  const bytes = await batchZip({
    app: props.app,
    bookingFileName: batch.booking_file_name,
    bookingFile: new Uint8Array(batch.booking_file),
    documents: items,
  })
  if (sha256Hex(bytes) !== batch.zip_sha256) {
    throw new GeneralError(`Export batch ${props.batchId} no longer rebuilds to the ZIP it was created as`)
  }
  return { name: batch.zip_name, bytes }
}
