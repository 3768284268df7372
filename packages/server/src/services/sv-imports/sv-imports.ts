import { svImportsDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { ADMINS_CHANNEL } from '../../channels'
import { registerService } from '../shared/register'
import { SvImportsService } from './sv-imports.class'

/** Registers sv-imports (adm); its events (created, progress, done, failed) go to every administrator. */
export function configureSvImportsService(app: Application): void {
  registerService(app, svImportsDescriptor, new SvImportsService(app))
  // A check's answer (id 0) is nobody's news: Feathers would otherwise send it as a created import.
  app.service('sv-imports').publish((entry) => ((entry as { id?: number }).id === 0 ? undefined : app.channel(ADMINS_CHANNEL)))
}
