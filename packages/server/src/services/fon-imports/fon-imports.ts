import { fonImportsDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { keepPreviewsPrivate } from '../shared/keep-previews-private'
import { registerService } from '../shared/register'
import { FonImportsService } from './fon-imports.class'

/** Registers fon-imports (adm); its events go to those who may read it (descriptor 'firm'), a dry run's preview to nobody. */
export function configureFonImportsService(app: Application): void {
  registerService(app, fonImportsDescriptor, new FonImportsService(app))
  keepPreviewsPrivate(app, fonImportsDescriptor.path)
}
