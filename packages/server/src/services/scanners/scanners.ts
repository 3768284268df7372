import { scannersDescriptor, type ScannerPatch } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId, type PortalParams } from '../../hooks/guard'
import { authorize } from '../../policies/index'
import { companyOfScanner } from '../../models/scanners'
import { registerService } from '../shared/register'
import { ScannersService } from './scanners.class'

/** A company number no scanner has: a missing scanner is refused like a foreign one. */
const NO_COMPANY = -1

/** Registers scanners: adm finds those of their companies and patches one of their companies' (and moves it only to one of theirs). */
export function configureScannersService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, scannersDescriptor, new ScannersService(knex), {
    target: async (context) => {
      if (context.method === 'find') return {}
      const data = context.data as ScannerPatch
      if (data.company_no !== undefined) authorize((context.params as PortalParams).user ?? null, context.path, context.method, { companyNo: data.company_no })
      return { companyNo: (await companyOfScanner(knex, integerId(context.id))) ?? NO_COMPANY }
    },
  })
}
