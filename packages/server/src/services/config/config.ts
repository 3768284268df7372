import { configDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { ConfigService } from './config.class'

/** Registers the config service; any signed-in user may read it. */
export function configureConfigService(app: Application): void {
  registerService(app, configDescriptor, new ConfigService(app.get('config').publicUrl, app.get('config').oidcIssuer, app.get('config').outgoingMail.smtpUrl !== undefined))
}
