import { fonImportsDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { ADMINS_CHANNEL } from '../../channels'
import { registerService } from '../shared/register'
import { FonImportsService } from './fon-imports.class'

/** Registers fon-imports (adm); its events (created, progress, done, failed) go to every administrator. */
export function configureFonImportsService(app: Application): void {
  registerService(app, fonImportsDescriptor, new FonImportsService(app))
  app.service(fonImportsDescriptor.path).publish(() => app.channel(ADMINS_CHANNEL))
}
