import { erpImportResultsDescriptor, type ErpImportResultAnswer, type ErpImportResultData } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { applyImportResult } from '../../commands/applyImportResult'
import { registerService } from '../shared/register'

/** Applies an ERP import result file (create). */
export class ErpImportResultsService {
  constructor(private readonly app: Application) {}

  async create(data: ErpImportResultData, params: PortalParams = {}): Promise<ErpImportResultAnswer> {
    return applyImportResult({ app: this.app, user: params.user, data })
  }
}

/** Registers erp-import-results; it concerns the company the data names. */
export function configureErpImportResultsService(app: Application): void {
  registerService(app, erpImportResultsDescriptor, new ErpImportResultsService(app), {
    target: (context) => ({ companyNo: (context.data as ErpImportResultData).client_no }),
  })
}
