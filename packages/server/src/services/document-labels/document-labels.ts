import { labelPermissions } from '@portal/sdk/domain'
import { documentLabelsDescriptor, type DocumentLabelData } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { accessOfDocument } from '../../models/documents/index'
import { registerService } from '../shared/register'
import { DocumentLabelsService } from './document-labels.class'

/**
 * Registers document-labels; a label concerns the company of its document (missing ones are refused alike), and a
 * confirmed document's correction asks for `app` as well.
 */
export function configureDocumentLabelsService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, documentLabelsDescriptor, new DocumentLabelsService(app), {
    target: async (context) => {
      const { document_id } = context.data as DocumentLabelData
      // Documents in the trash take no labels.
      const { companyNo, recordRequires, status } = await accessOfDocument(knex, document_id, { trashed: false })
      return { companyNo, recordRequires, requires: labelPermissions(status) }
    },
  })
}
