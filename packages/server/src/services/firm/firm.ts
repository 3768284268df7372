import { firmDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { FirmService } from './firm.class'

/** Registers firm (adm); it sends no events (its answers never carry the password either way). */
export function configureFirmService(app: Application): void {
  registerService(app, firmDescriptor, new FirmService(app))
}
