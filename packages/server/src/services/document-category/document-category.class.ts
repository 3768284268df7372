import { DocumentCategory as Codes } from '@portal/sdk/domain'
import type { DocumentCategory } from '@portal/sdk/services'

/** The document categories of SPEC §3 (1 ER_U … 9 Latest). */
export class DocumentCategoryService {
  /** Answers the list ordered by code. */
  async find(): Promise<DocumentCategory[]> {
    return Object.entries(Codes)
      .map(([name, id]) => ({ id, name }))
      .sort((a, b) => a.id - b.id)
  }
}
