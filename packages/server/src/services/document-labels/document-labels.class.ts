import type { DocumentLabel, DocumentLabelData } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { labelDocument } from '../../commands/labelDocument'
import { normalizeLabelValue } from './label-value'

/** Values people enter, correct or pick on the page: kept as their candidates, made current, recorded and taught to the supplier memory. */
export class DocumentLabelsService {
  constructor(private readonly app: Application) {}

  async create(data: DocumentLabelData, params: PortalParams = {}): Promise<DocumentLabel> {
    const value = normalizeLabelValue(data.field, data.value)
    const outcome = await labelDocument({
      app: this.app,
      user: params.user,
      documentId: data.document_id,
      field: data.field,
      value,
      version: data.version,
      page: data.page,
      box: data.box,
    })
    return { document_id: data.document_id, field: data.field, value, ...outcome }
  }
}
