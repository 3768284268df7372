import { documentFieldsMethods, documentFieldsPath } from '@portal/sdk/services'
import type { HookContext } from '@feathersjs/feathers'
import type { Application } from '../../declarations'
import { integerId } from '../../hooks/guard'
import { registerService } from '../shared/register'
import { DocumentFieldsService } from './document-fields.class'

/** Registers the document-fields service; a get concerns the company of the stored document. */
export function configureDocumentFieldsService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, documentFieldsPath, new DocumentFieldsService(knex), documentFieldsMethods, {
    target: async (context: HookContext) => {
      const row = await knex('documents').where({ id: integerId(context.id) }).first('company_no')
      // A missing document is refused exactly like a foreign one.
      return { companyNo: row ? Number(row.company_no) : -1 }
    },
  })
}
