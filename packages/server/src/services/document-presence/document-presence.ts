import { documentPresenceDescriptor, type DocumentPresence, type DocumentPresenceData, type DocumentPresenceQuery } from '@portal/sdk/services'
import type { HookContext } from '@feathersjs/feathers'
import type { Application } from '../../declarations'
import { integerId } from '../../hooks/guard'
import { endConnectionPresences } from '../../models/document-presence'
import { documentTarget } from '../../models/documents/index'
import { registerService } from '../shared/register'
import { connectionKeyOf, DocumentPresenceService } from './document-presence.class'

/** The document a presence call concerns. */
function documentOf(context: HookContext): number {
  if (context.method === 'find') return (context.params.query as DocumentPresenceQuery).document_id
  if (context.method === 'create') return (context.data as DocumentPresenceData).document_id
  return integerId(context.id)
}

/**
 * Registers document-presence (every method concerns the document's company) and ends a socket's presences when it
 * closes, telling the company (`removed`).
 */
export function configureDocumentPresenceService(app: Application): void {
  const knex = app.get('knex')
  const removed = (presences: DocumentPresence[]) => {
    for (const presence of presences) app.service('document-presence').emit('removed', presence)
  }
  registerService(app, documentPresenceDescriptor, new DocumentPresenceService(knex, undefined, removed), {
    target: async (context) => documentTarget(knex, documentOf(context)),
  })
  app.on('disconnect', (connection: object) => {
    endConnectionPresences(knex, connectionKeyOf(connection))
      .then(removed)
      .catch((error: unknown) => app.get('logger').warn({ err: error }, 'ending a closed socket’s presences failed'))
  })
}
