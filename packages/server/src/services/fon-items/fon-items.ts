import { fonItemsDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { FonItemsService } from './fon-items.class'

/**
 * Registers fon-items (adm). Its events go to those who may read it (descriptor 'firm'): the quota list is the firm's,
 * and an item may belong to no portal company (noNTCSRecord), so the company channels cannot carry it.
 */
export function configureFonItemsService(app: Application): void {
  registerService(app, fonItemsDescriptor, new FonItemsService(app))
}
