import type { DocumentRequestMessageData, DocumentRequestMessageRecord, SessionUser } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { insertRequestMessage, lockRequest } from '../../models/document-requests'
import { actorOf } from '../../models/users'
import { forbidden } from '../../policies/index'
import { emitRequest, emitRequestMessage } from './emitRequest'

/** A reply in a request's thread (either side; a closed request's thread stays open for a last word). */
export async function addRequestMessage(props: { app: Application; user?: SessionUser; data: DocumentRequestMessageData }): Promise<DocumentRequestMessageRecord> {
  const { app, data } = props
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  const message = await knex.transaction(async (trx) => {
    const request = await lockRequest(trx, data.request_id)
    if (!request) throw forbidden()
    return insertRequestMessage(trx, { requestId: request.id, companyNo: request.company_no, text: data.text.trim(), actor })
  })
  emitRequestMessage(app, message)
  // The request's message count changed.
  await emitRequest(app, data.request_id, 'patched')
  return message
}
