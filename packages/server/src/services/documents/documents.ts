import { documentsDescriptor, type DocumentsQuery } from '@portal/sdk/services'
import type { HookContext } from '@feathersjs/feathers'
import type { Application } from '../../declarations'
import { integerId } from '../../hooks/guard'
import { documentTarget } from '../../models/documents/index'
import { registerService } from '../shared/register'
import { DocumentsService } from './documents.class'

/** Registers the documents service; get/patch/remove concern the company of the stored document. */
export function configureDocumentsService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, documentsDescriptor, new DocumentsService(app), {
    target: async (context: HookContext) => {
      if (context.method === 'find') return { companyNo: (context.params.query as DocumentsQuery).client_no }
      return documentTarget(knex, integerId(context.id))
    },
  })
}
