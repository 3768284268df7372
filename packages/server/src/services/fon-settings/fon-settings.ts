import { fonSettingsDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { FonSettingsService } from './fon-settings.class'

/** Registers fon-settings (adm): the firm's FON user. */
export function configureFonSettingsService(app: Application): void {
  registerService(app, fonSettingsDescriptor, new FonSettingsService(app.get('knex')))
}
