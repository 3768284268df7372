import { erpImportResultsDescriptor, type ErpImportResultAnswer, type ErpImportResultData } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { importText, type ImportFileParams } from '../shared/import-content'
import { applyImportResult } from '../../commands/applyImportResult'
import { registerService } from '../shared/register'

/** Applies an ERP import result file (create). */
export class ErpImportResultsService {
  constructor(private readonly app: Application) {}

  /** Applies the result file: the socket's `content`, or the import door's file. */
  async create(data: ErpImportResultData, params: ImportFileParams = {}): Promise<ErpImportResultAnswer> {
    return applyImportResult({ app: this.app, user: params.user, data: { ...data, content: importText(data.content, params) } })
  }
}

/** Registers erp-import-results; it concerns the company the data names. */
export function configureErpImportResultsService(app: Application): void {
  registerService(app, erpImportResultsDescriptor, new ErpImportResultsService(app), {
    target: (context) => ({ companyNo: (context.data as ErpImportResultData).client_no }),
  })
}
