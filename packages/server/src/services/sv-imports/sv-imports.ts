import { svImportsDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { ADMINS_CHANNEL } from '../../channels'
import { registerService } from '../shared/register'
import { SvImportsService } from './sv-imports.class'

/** Registers sv-imports (adm); its events (created, progress, done, failed) go to every administrator. */
export function configureSvImportsService(app: Application): void {
  registerService(app, svImportsDescriptor, new SvImportsService(app))
  app.service('sv-imports').publish(() => app.channel(ADMINS_CHANNEL))
}
