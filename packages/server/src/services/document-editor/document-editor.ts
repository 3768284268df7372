import { documentEditorDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId } from '../../hooks/guard'
import { documentTarget } from '../../models/documents/index'
import { registerService } from '../shared/register'
import { DocumentEditorService } from './document-editor.class'

/** Registers document-editor: every call concerns the company of the batch (ded with it). */
export function configureDocumentEditorService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, documentEditorDescriptor, new DocumentEditorService(app), {
    target: async (context) => documentTarget(knex, integerId(context.id)),
  })
}
