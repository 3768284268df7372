import { scannerTokensDescriptor, type ScannerTokenRequest } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId } from '../../hooks/guard'
import { companyOfScanner } from '../../models/scanners'
import { registerService } from '../shared/register'
import { ScannerTokensService } from './scanner-tokens.class'

/** A company number no scanner has: a missing scanner is refused like a foreign one. */
const NO_COMPANY = -1

/** Registers scanner-tokens: adm with the scanner's company (create names it in data, remove by id). */
export function configureScannerTokensService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, scannerTokensDescriptor, new ScannerTokensService(app), {
    target: async (context) => {
      const id = context.method === 'create' ? (context.data as ScannerTokenRequest).scanner_id : integerId(context.id)
      return { companyNo: (await companyOfScanner(knex, id)) ?? NO_COMPANY }
    },
  })
}
