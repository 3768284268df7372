import { fonImportsDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { publishImportRuns } from '../shared/publish-import-run'
import { registerService } from '../shared/register'
import { FonImportsService } from './fon-imports.class'

/** Registers fon-imports (adm); its events go to every administrator, a dry run's preview to nobody. */
export function configureFonImportsService(app: Application): void {
  registerService(app, fonImportsDescriptor, new FonImportsService(app))
  publishImportRuns(app, fonImportsDescriptor.path)
}
