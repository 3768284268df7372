import { addressesDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { AddressesService } from './addresses.class'

/** Registers addresses (adm); created and patched entries reach those who may read them (descriptor 'firm'). */
export function configureAddressesService(app: Application): void {
  registerService(app, addressesDescriptor, new AddressesService(app))
}
