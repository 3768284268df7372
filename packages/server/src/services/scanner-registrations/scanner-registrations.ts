import { scannerRegistrationsDescriptor, type ScannerRegistration } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { ScannerRegistrationsService } from './scanner-registrations.class'

/** Registers scanner-registrations: adm with the company the scanner delivers to. */
export function configureScannerRegistrationsService(app: Application): void {
  registerService(app, scannerRegistrationsDescriptor, new ScannerRegistrationsService(app), {
    target: (context) => ({ companyNo: (context.data as ScannerRegistration).company_no }),
  })
}
