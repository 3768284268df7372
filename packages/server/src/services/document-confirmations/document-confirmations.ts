import { documentConfirmationsDescriptor, type DocumentConfirmationData } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { documentTarget } from '../../models/documents/index'
import { registerService } from '../shared/register'
import { DocumentConfirmationsService } from './document-confirmations.class'

/** Registers document-confirmations; a confirmation concerns the company of its live document (missing and trashed alike refused). */
export function configureDocumentConfirmationsService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, documentConfirmationsDescriptor, new DocumentConfirmationsService(app), {
    target: async (context) => documentTarget(knex, (context.data as DocumentConfirmationData).document_id, { trashed: false }),
  })
}
