import { documentHistoryDescriptor, type DocumentHistoryQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { companyOfHistory } from '../../models/document-history'
import { documentTarget, NO_COMPANY } from '../../models/documents/index'
import { registerService } from '../shared/register'
import { DocumentHistoryService } from './document-history.class'

/** Registers document-history; it concerns the document's company, or its history's once the document is purged. */
export function configureDocumentHistoryService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, documentHistoryDescriptor, new DocumentHistoryService(knex), {
    target: async (context) => {
      const { document_id } = context.params.query as DocumentHistoryQuery
      const target = await documentTarget(knex, document_id)
      // A purged document keeps its history: its company is the history's.
      return target.companyNo !== NO_COMPANY ? target : { companyNo: (await companyOfHistory(knex, document_id)) ?? NO_COMPANY }
    },
  })
}
