import type { DocumentRequestPatch, DocumentRequestRecord, SessionUser } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { answerRequest as storeAnswer, closeRequest, insertRequestMessage, lockRequest } from '../../models/document-requests'
import { companyOfDocument } from '../../models/documents/index'
import { actorOf } from '../../models/users'
import { forbidden } from '../../policies/index'
import { emitRequest, emitRequestMessage } from './emitRequest'
import { matchRequestedReceipt } from './matchRequestedReceipt'
import { badRequestInput, requestConflict } from './refuse'

/**
 * A patch of a request: the company answers (an upload of theirs, `document_id`, or a text, `answer`: open →
 * answered, each answer also kept in the thread) or staff close it (`status: 'closed'`). The policy decided who may
 * by the fields (`requestPatchRequires`); a closed request takes neither. A transaction request's upload is matched
 * to its movement through the banking match code once the document is booked (now, when it already is).
 */
export async function patchRequest(props: { app: Application; user?: SessionUser; id: number; data: DocumentRequestPatch }): Promise<DocumentRequestRecord> {
  const { app, id, data } = props
  const knex = app.get('knex')
  const answering = data.answer !== undefined || data.document_id !== undefined
  if (answering && data.status !== undefined) throw badRequestInput('status', 'answerAndClose')
  const actor = await actorOf(knex, props.user)
  const { messages, match } = await knex.transaction(async (trx) => {
    const request = await lockRequest(trx, id)
    if (!request) throw forbidden()
    if (request.status === 'closed') throw requestConflict(answering ? 'closed' : 'alreadyClosed', { id })
    if (!answering) {
      await closeRequest(trx, id, actor)
      return { messages: [], match: undefined }
    }
    if (data.document_id !== undefined && (await companyOfDocument(trx, data.document_id, { trashed: false })) !== request.company_no) {
      throw badRequestInput('document_id', 'documentOfOtherCompany', { documentId: data.document_id })
    }
    await storeAnswer(trx, id, { text: data.answer?.trim(), documentId: data.document_id, actor })
    const stored = await insertRequestMessage(trx, { requestId: id, companyNo: request.company_no, text: data.answer?.trim() ?? '', documentId: data.document_id, actor })
    const toMatch = request.kind === 'transaction' && request.bank_transaction_id !== null && data.document_id !== undefined ? { transactionId: request.bank_transaction_id, documentId: data.document_id } : undefined
    return { messages: [stored], match: toMatch }
  })
  for (const message of messages) emitRequestMessage(app, message)
  if (match) await matchRequestedReceipt({ app, user: props.user, ...match })
  return emitRequest(app, id, 'patched')
}
