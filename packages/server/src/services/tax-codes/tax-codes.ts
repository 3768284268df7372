import { taxCodesDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { TaxCodesService } from './tax-codes.class'

/** Registers tax-codes: the firm's table, read by staff with acc or exp (and adm), changed by adm; no company involved. */
export function configureTaxCodesService(app: Application): void {
  registerService(app, taxCodesDescriptor, new TaxCodesService(app.get('knex')))
}
