import { documentCategoryDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { DocumentCategoryService } from './document-category.class'

/** Registers document-category; any signed-in user may read it. */
export function configureDocumentCategoryService(app: Application): void {
  registerService(app, documentCategoryDescriptor, new DocumentCategoryService())
}
