import { documentFieldsDescriptor } from '@portal/sdk/services'
import type { HookContext } from '@feathersjs/feathers'
import type { Application } from '../../declarations'
import { integerId } from '../../hooks/guard'
import { documentTarget } from '../../models/documents/index'
import { registerService } from '../shared/register'
import { DocumentFieldsService } from './document-fields.class'

/** Registers the document-fields service; a get concerns the company of the stored document. */
export function configureDocumentFieldsService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, documentFieldsDescriptor, new DocumentFieldsService(knex), {
    target: async (context: HookContext) => documentTarget(knex, integerId(context.id)),
  })
}
