import { DataSource } from '@portal/sdk/domain'
import type { DocumentLabel, DocumentLabelData } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { labelDocument } from '../../commands/labelDocument'
import { normalizeLabelValue } from './label-value'

/** Values people enter or correct: kept as Human_Labeling candidates, made current, and taught to the supplier memory. */
export class DocumentLabelsService {
  constructor(private readonly app: Application) {}

  async create(data: DocumentLabelData, params: PortalParams = {}): Promise<DocumentLabel> {
    const value = normalizeLabelValue(data.field, data.value)
    const { learned } = await labelDocument({ app: this.app, user: params.user, documentId: data.document_id, field: data.field, value })
    return { document_id: data.document_id, field: data.field, value, source: DataSource.Human_Labeling, learned }
  }
}
