import { documentRequestMessagesDescriptor, type DocumentRequestMessageData, type DocumentRequestMessageRecord, type DocumentRequestMessagesQuery, type Page } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { addRequestMessage } from '../../commands/requests/addRequestMessage'
import { companyOfRequest, requestMessagesPage } from '../../models/document-requests'
import { NO_COMPANY } from '../../models/documents/index'
import { registerService } from '../shared/register'

/** A request's reply thread. */
export class DocumentRequestMessagesService {
  constructor(private readonly app: Application) {}

  async find(params: PortalParams = {}): Promise<Page<DocumentRequestMessageRecord>> {
    const query = params.query as DocumentRequestMessagesQuery
    return requestMessagesPage(this.app.get('knex'), query.request_id, query.$limit ?? 200, query.$skip ?? 0)
  }

  async create(data: DocumentRequestMessageData, params: PortalParams = {}): Promise<DocumentRequestMessageRecord> {
    return addRequestMessage({ app: this.app, user: params.user, data })
  }
}

/** Registers document-request-messages: each call concerns the request's company. */
export function configureDocumentRequestMessagesService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, documentRequestMessagesDescriptor, new DocumentRequestMessagesService(app), {
    target: async (context) => {
      const requestId = context.method === 'find' ? (context.params.query as DocumentRequestMessagesQuery).request_id : (context.data as DocumentRequestMessageData).request_id
      return { companyNo: (await companyOfRequest(knex, requestId)) ?? NO_COMPANY }
    },
  })
}
