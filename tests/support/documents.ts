import type { DocumentRecord } from '../../packages/sdk/src/services/index'
import { uploadFiles, uploadResults, type UserSession } from './session'

/**
 * Uploads one file to `companyNo` as `user` (into ER_U, or the upload type given; null: none, the portal decides) and resolves with the document once the extraction has read it
 * (its `patched` event with processing_state done).
 */
export async function uploadAndRead(url: string, user: UserSession, companyNo: number, name: string, bytes: Uint8Array, type: string | null = 'er_u'): Promise<DocumentRecord> {
  const documents = user.client.service('documents')
  const done = new Promise<DocumentRecord>((resolve) => {
    const handler = (record: DocumentRecord) => {
      if (record.file_name === name && record.processing_state === 'done') {
        documents.removeListener('patched', handler)
        resolve(record)
      }
    }
    documents.on('patched', handler)
  })
  const [result] = await uploadResults(await uploadFiles(url, user.token, companyNo, [{ name, bytes }], type ?? undefined))
  if (result.status !== 'uploaded') throw new Error(`upload of ${name} answered ${result.status}`)
  return done
}

/**
 * Labels what a supplier invoice needs to be confirmed (its number, date 2026-03-12 and 200.00 + 20 % = 240.00 with its
 * tax line) on the version given; answers the document's new version.
 */
export async function completeInvoice(user: UserSession, id: number, version: number, invoiceNumber: string): Promise<number> {
  let current = version
  for (const [field, value] of [
    ['invoice_number', invoiceNumber],
    ['issue_date', '2026-03-12'],
    ['total_net', '200.00'],
    ['total_tax', '40.00'],
    ['total_gross', '240.00'],
    ['tax_breakdown', '[{"basis":"200.00","rate":"20","tax":"40.00"}]'],
  ]) {
    current = (await user.client.service('document-labels').create({ document_id: id, field: field as never, value, version: current })).version
  }
  return current
}
