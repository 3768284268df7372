import { documentCommentsDescriptor, type DocumentCommentData, type DocumentCommentPatch, type DocumentCommentRecord, type DocumentCommentsQuery, type Page } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId, type PortalParams } from '../../hooks/guard'
import { addComment } from '../../commands/comments/addComment'
import { changeComment } from '../../commands/comments/changeComment'
import { commentsPage, documentOfComment } from '../../models/document-comments'
import { documentTarget, loadDocument, NO_COMPANY } from '../../models/documents/index'
import { forbidden } from '../../policies/index'
import { registerService } from '../shared/register'

/** A document's comment thread: find reads the model; create, patch and remove are commands. */
export class DocumentCommentsService {
  constructor(private readonly app: Application) {}

  async find(params: PortalParams = {}): Promise<Page<DocumentCommentRecord>> {
    const query = params.query as DocumentCommentsQuery
    const knex = this.app.get('knex')
    const document = await loadDocument(knex, query.document_id)
    if (!document) throw forbidden()
    return commentsPage(knex, query.document_id, document.document_type, query.$limit ?? 200, query.$skip ?? 0)
  }

  async create(data: DocumentCommentData, params: PortalParams = {}): Promise<DocumentCommentRecord> {
    return addComment({ app: this.app, user: params.user, data })
  }

  async patch(id: number | string | null, data: DocumentCommentPatch, params: PortalParams = {}): Promise<DocumentCommentRecord> {
    return changeComment({ app: this.app, user: params.user, id: integerId(id), text: data.text })
  }

  async remove(id: number | string | null, params: PortalParams = {}): Promise<DocumentCommentRecord> {
    return changeComment({ app: this.app, user: params.user, id: integerId(id) })
  }
}

/** Registers document-comments: every call concerns the document's company and the rights its kind asks for. */
export function configureDocumentCommentsService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, documentCommentsDescriptor, new DocumentCommentsService(app), {
    target: async (context) => {
      if (context.method === 'find') return documentTarget(knex, (context.params.query as DocumentCommentsQuery).document_id, { trashed: false })
      if (context.method === 'create') return documentTarget(knex, (context.data as DocumentCommentData).document_id, { trashed: false })
      const documentId = await documentOfComment(knex, integerId(context.id))
      return documentId === undefined ? { companyNo: NO_COMPANY } : documentTarget(knex, documentId)
    },
  })
}
