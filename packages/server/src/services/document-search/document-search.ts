import { documentSearchDescriptor, type DocumentSearchQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { DocumentSearchService } from './document-search.class'

/** Registers document-search; it searches the company of query.client_no. */
export function configureDocumentSearchService(app: Application): void {
  registerService(app, documentSearchDescriptor, new DocumentSearchService(app.get('knex')), {
    target: (context) => ({ companyNo: (context.params.query as DocumentSearchQuery).client_no }),
  })
}
