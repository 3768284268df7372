import { editorDocumentDescriptor, type EditorDocumentQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { EditorDocumentService } from './editor-document.class'

/** Registers editor-document; needs ded, and the company of query.client_no when one is named. */
export function configureEditorDocumentService(app: Application): void {
  registerService(app, editorDocumentDescriptor, new EditorDocumentService(app.get('knex')), {
    target: (context) => ({ companyNo: (context.params.query as EditorDocumentQuery).client_no }),
  })
}
