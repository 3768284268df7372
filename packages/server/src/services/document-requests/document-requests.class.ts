import type { DocumentRequestData, DocumentRequestPatch, DocumentRequestRecord, DocumentRequestsQuery, Page } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId, type PortalParams } from '../../hooks/guard'
import { createRequest } from '../../commands/requests/createRequest'
import { patchRequest } from '../../commands/requests/answerRequest'
import { requestsPage } from '../../models/document-requests'

/** Requests for documents: find reads the model; create and patch are commands. */
export class DocumentRequestsService {
  constructor(private readonly app: Application) {}

  async find(params: PortalParams = {}): Promise<Page<DocumentRequestRecord>> {
    return requestsPage(this.app.get('knex'), (params.query ?? {}) as DocumentRequestsQuery, params.companies)
  }

  async create(data: DocumentRequestData, params: PortalParams = {}): Promise<DocumentRequestRecord> {
    return createRequest({ app: this.app, user: params.user, data })
  }

  async patch(id: number | string | null, data: DocumentRequestPatch, params: PortalParams = {}): Promise<DocumentRequestRecord> {
    return patchRequest({ app: this.app, user: params.user, id: integerId(id), data })
  }
}
