import { svImportsDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { publishImportRuns } from '../shared/publish-import-run'
import { registerService } from '../shared/register'
import { SvImportsService } from './sv-imports.class'

/** Registers sv-imports (adm); its events go to every administrator, a dry run's preview to nobody. */
export function configureSvImportsService(app: Application): void {
  registerService(app, svImportsDescriptor, new SvImportsService(app))
  publishImportRuns(app, svImportsDescriptor.path)
}
