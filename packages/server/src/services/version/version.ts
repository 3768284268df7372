import { versionDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { VersionService } from './version.class'

/** Registers the version service; it is public so an out-of-date client learns it before signing in. */
export function configureVersionService(app: Application): void {
  registerService(app, versionDescriptor, new VersionService())
}
