import type { DocumentRequestMessageRecord, DocumentRequestRecord } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { requestRecord } from '../../models/document-requests'
import { forbidden } from '../../policies/index'

/** After a request's change has committed: reads its record and tells the company's people (`created` or `patched`). */
export async function emitRequest(app: Application, id: number, event: 'created' | 'patched'): Promise<DocumentRequestRecord> {
  const record = await requestRecord(app.get('knex'), id)
  if (!record) throw forbidden()
  app.service('document-requests').emit(event, record)
  return record
}

/** After a thread message has committed: tells the company's people. */
export function emitRequestMessage(app: Application, message: DocumentRequestMessageRecord): DocumentRequestMessageRecord {
  app.service('document-request-messages').emit('created', message)
  return message
}
