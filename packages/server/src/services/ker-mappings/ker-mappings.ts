import { kerMappingsDescriptor, type KerMapping, type KerMappingPatch, type KerMappingsQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId, type PortalParams } from '../../hooks/guard'
import { changeKerMapping } from '../../commands/changeKerMapping'
import { firmKerRanges, firmOfCompany, kerRangesOf } from '../../models/ker'
import { forbidden } from '../../policies/index'
import { registerService } from '../shared/register'

/** The firm's KER mapping: read with rep or adm, changed by adm. */
export class KerMappingsService {
  constructor(private readonly app: Application) {}

  async find(params: PortalParams = {}): Promise<KerMapping[]> {
    const { client } = params.query as KerMappingsQuery
    const knex = this.app.get('knex')
    const firm = await firmOfCompany(knex, client)
    if (!firm) throw forbidden()
    const own = await firmKerRanges(knex, firm.firmId)
    return [{ company_no: client, firm_id: firm.firmId, custom: own !== undefined, ranges: [...(await kerRangesOf(knex, firm.firmId))] }]
  }

  async patch(id: number | string, data: KerMappingPatch, params: PortalParams = {}): Promise<KerMapping> {
    return changeKerMapping({ app: this.app, user: params.user, companyNo: integerId(id), patch: data })
  }
}

/** Registers ker-mappings: find concerns the query's company, patch the company named by the id. */
export function configureKerMappingsService(app: Application): void {
  registerService(app, kerMappingsDescriptor, new KerMappingsService(app), {
    target: (context) =>
      context.method === 'find' ? { companyNo: (context.params.query as KerMappingsQuery).client } : { companyNo: integerId(context.id) },
  })
}
