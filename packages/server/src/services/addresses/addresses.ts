import { addressesDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { ADMINS_CHANNEL } from '../../channels'
import { registerService } from '../shared/register'
import { AddressesService } from './addresses.class'

/** Registers addresses (adm); created and patched entries reach every administrator. */
export function configureAddressesService(app: Application): void {
  registerService(app, addressesDescriptor, new AddressesService(app))
  app.service('addresses').publish(() => app.channel(ADMINS_CHANNEL))
}
