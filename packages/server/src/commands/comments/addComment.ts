import { HistoryAction } from '@portal/sdk/domain'
import type { DocumentCommentData, DocumentCommentRecord, SessionUser } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { appendHistory } from '../../models/document-history'
import { commentRecord, insertComment } from '../../models/document-comments'
import { loadDocument } from '../../models/documents/index'
import { actorOf } from '../../models/users'
import { forbidden } from '../../policies/index'
import { mentionedPeople } from './mentionable'
import { notifyMentions } from './notifyMentions'

/**
 * A comment on a document (a booked one too: a comment adds to the record, it changes nothing of it). It is part of
 * the document's history (action comment), its mentions are stored and notified; `created` goes to those who may see
 * the document.
 */
export async function addComment(props: { app: Application; user?: SessionUser; data: DocumentCommentData }): Promise<DocumentCommentRecord> {
  const { app, data } = props
  const knex = app.get('knex')
  const document = await loadDocument(knex, data.document_id, { trashed: false })
  if (!document) throw forbidden()
  const text = data.text.trim()
  const actor = await actorOf(knex, props.user)
  const people = await mentionedPeople(knex, { companyNo: document.company_no, documentType: document.document_type, text })
  const id = await knex.transaction(async (trx) => {
    const stored = await insertComment(trx, { documentId: document.id, companyNo: document.company_no, text, actor, mentions: people.map((person) => ({ id: person.id, name: person.name })) })
    await appendHistory(trx, [{ document_id: document.id, company_no: document.company_no, user_id: actor.id, user_name: actor.name, action: HistoryAction.comment, new_value: text, version: document.version }])
    return stored
  })
  const record = await commentRecord(knex, id, document.document_type)
  if (!record) throw forbidden()
  app.service('document-comments').emit('created', record)
  await notifyMentions({ app, commentId: id, documentId: document.id, companyNo: document.company_no, author: actor.name, text, people })
  return record
}
