import type {
  ErpExportBatch,
  ErpExportBatchDetail,
  ErpExportCheck,
  ErpExportData,
  ErpExportPatch,
  ErpExportsQuery,
  Page,
} from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId, type PortalParams } from '../../hooks/guard'
import { createExportBatch } from '../../commands/createExportBatch'
import { markBatchImported } from '../../commands/markBatchImported'
import { revokeExportBatch } from '../../commands/revokeExportBatch'
import { batchNotFound } from '../../models/erp-errors'
import { erpBatchItems, erpBatchPage, loadErpBatch } from '../../models/erp-exports'

const DEFAULT_LIMIT = 50

/** A company's export batches: list, one with its bookings, create (or check), mark imported, revoke. */
export class ErpExportsService {
  constructor(private readonly app: Application) {}

  async find(params: PortalParams = {}): Promise<Page<ErpExportBatch>> {
    const query = params.query as ErpExportsQuery
    return erpBatchPage(this.app.get('knex'), query.client_no, {
      status: query.status,
      limit: query.$limit ?? DEFAULT_LIMIT,
      skip: query.$skip ?? 0,
    })
  }

  async get(id: unknown): Promise<ErpExportBatchDetail> {
    const batchId = integerId(id)
    const knex = this.app.get('knex')
    const batch = await loadErpBatch(knex, batchId)
    if (!batch) throw batchNotFound(batchId)
    return { ...batch, items: await erpBatchItems(knex, batchId) }
  }

  async create(data: ErpExportData, params: PortalParams = {}): Promise<ErpExportBatch | ErpExportCheck> {
    return createExportBatch({ app: this.app, user: params.user, data })
  }

  async patch(id: unknown, _data: ErpExportPatch, params: PortalParams = {}): Promise<ErpExportBatch> {
    return markBatchImported({ app: this.app, user: params.user, batchId: integerId(id) })
  }

  async remove(id: unknown, params: PortalParams = {}): Promise<ErpExportBatch> {
    return revokeExportBatch({ app: this.app, user: params.user, batchId: integerId(id) })
  }
}
