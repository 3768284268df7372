import { svImportsDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { keepPreviewsPrivate } from '../shared/keep-previews-private'
import { registerService } from '../shared/register'
import { SvImportsService } from './sv-imports.class'

/** Registers sv-imports (adm); its events go to those who may read it (descriptor 'firm'), a dry run's preview to nobody. */
export function configureSvImportsService(app: Application): void {
  registerService(app, svImportsDescriptor, new SvImportsService(app))
  keepPreviewsPrivate(app, svImportsDescriptor.path)
}
