import { Forbidden } from '@feathersjs/errors'
import { errorData } from '@portal/sdk/errors'
import { HistoryAction } from '@portal/sdk/domain'
import type { DocumentCommentRecord, SessionUser } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { appendHistory } from '../../models/document-history'
import { commentRecord, lockComment, markCommentRemoved, updateCommentText } from '../../models/document-comments'
import { isBooked, loadDocument } from '../../models/documents/index'
import { actorOf } from '../../models/users'
import { forbidden } from '../../policies/index'
import { requestConflict } from '../requests/refuse'
import { mentionedPeople } from './mentionable'
import { notifyMentions } from './notifyMentions'

/**
 * The author edits (`text`) or deletes (`text` undefined) their own comment. Refused on a booked document (BAO §131:
 * its record stays as it was; a new comment may still be added), for someone else's comment and for a deleted one.
 * The history keeps the text before; `patched` goes to those who may see the document.
 */
export async function changeComment(props: { app: Application; user?: SessionUser; id: number; text?: string }): Promise<DocumentCommentRecord> {
  const { app, id } = props
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  const text = props.text?.trim()
  const { document, people } = await knex.transaction(async (trx) => {
    const comment = await lockComment(trx, id)
    if (!comment) throw forbidden()
    const document = await loadDocument(trx, comment.documentId)
    if (!document) throw forbidden()
    if (comment.authorId === null || comment.authorId !== actor.id) throw new Forbidden('Only the author may change a comment', errorData('requests:error.notAuthor', {}))
    if (comment.removed) throw requestConflict('commentRemoved', { id })
    if (isBooked(document)) throw requestConflict('bookedComment', { documentId: document.id })
    const history = { document_id: document.id, company_no: document.company_no, user_id: actor.id, user_name: actor.name, version: document.version }
    if (text === undefined) {
      await markCommentRemoved(trx, id)
      await appendHistory(trx, [{ ...history, action: HistoryAction.commentRemove, old_value: comment.text }])
      return { document, people: [] }
    }
    const people = await mentionedPeople(trx, { companyNo: document.company_no, documentType: document.document_type, text })
    await updateCommentText(trx, id, text, people.map((person) => ({ id: person.id, name: person.name })))
    await appendHistory(trx, [{ ...history, action: HistoryAction.commentEdit, old_value: comment.text, new_value: text }])
    return { document, people }
  })
  const record = await commentRecord(knex, id, document.document_type)
  if (!record) throw forbidden()
  app.service('document-comments').emit('patched', record)
  if (text !== undefined) await notifyMentions({ app, commentId: id, documentId: document.id, companyNo: document.company_no, author: actor.name, text, people })
  return record
}
