import { fonItemsDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { ADMINS_CHANNEL } from '../../channels'
import { registerService } from '../shared/register'
import { FonItemsService } from './fon-items.class'

/**
 * Registers fon-items (adm). Its events go to every administrator: the quota list is the firm's, and an item may
 * belong to no portal company (noNTCSRecord), so the company channels cannot carry it.
 */
export function configureFonItemsService(app: Application): void {
  registerService(app, fonItemsDescriptor, new FonItemsService(app))
  app.service(fonItemsDescriptor.path).publish(() => app.channel(ADMINS_CHANNEL))
}
