import { documentLabelsDescriptor, type DocumentLabelData } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { companyOfDocument } from '../../models/documents/index'
import { registerService } from '../shared/register'
import { DocumentLabelsService } from './document-labels.class'

/** Registers document-labels; a label concerns the company of its document (missing ones are refused alike). */
export function configureDocumentLabelsService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, documentLabelsDescriptor, new DocumentLabelsService(app), {
    target: async (context) => {
      const { document_id } = context.data as DocumentLabelData
      // Documents in the trash take no labels.
      return { companyNo: await companyOfDocument(knex, document_id, { trashed: false }) }
    },
  })
}
