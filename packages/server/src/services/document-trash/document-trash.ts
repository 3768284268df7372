import { documentTrashDescriptor, type DocumentTrashData } from '@portal/sdk/services'
import type { HookContext } from '@feathersjs/feathers'
import type { Application } from '../../declarations'
import { integerId } from '../../hooks/guard'
import { schedulePurgeTrash } from '../../jobs/purge-trash'
import { documentTarget } from '../../models/documents/index'
import { whileServing } from '../../jobs/periodic'
import { registerService } from '../shared/register'
import { DocumentTrashService } from './document-trash.class'

/**
 * Registers document-trash (every method concerns the company of the document, in the trash or not) and, while the
 * app runs, the retention purge (TRASH_RETENTION_DAYS after deletion).
 */
export function configureDocumentTrashService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, documentTrashDescriptor, new DocumentTrashService(app), {
    target: async (context: HookContext) => {
      const id = context.method === 'create' ? (context.data as DocumentTrashData).document_id : integerId(context.id)
      return documentTarget(knex, id)
    },
  })
  whileServing(app, () => schedulePurgeTrash(app))
}
