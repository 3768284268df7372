import type { DocumentEditorPatch, EditorBatch } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId, type PortalParams } from '../../hooks/guard'
import { completeEditorParts } from '../../commands/editor/completeEditorParts'
import { editEditorBatch } from '../../commands/editor/editEditorBatch'
import { editorBatchView, ensureBatch } from '../../commands/editor/editorBatchView'

/** The document editor: a batch with its parts (get), changed one action at a time (patch). */
export class DocumentEditorService {
  constructor(private readonly app: Application) {}

  /** The batch of editor document `id`, with the suggested cuts when no one has edited it yet. */
  async get(id: unknown): Promise<EditorBatch> {
    return editorBatchView(this.app, await ensureBatch(this.app, integerId(id)))
  }

  /** One editing action; answers the batch after it. */
  async patch(id: unknown, data: DocumentEditorPatch, params: PortalParams = {}): Promise<EditorBatch> {
    const documentId = integerId(id)
    if (data.action === 'completeDocument') return completeEditorParts({ app: this.app, user: params.user, documentId, action: data })
    return editEditorBatch({ app: this.app, user: params.user, documentId, action: data })
  }
}
