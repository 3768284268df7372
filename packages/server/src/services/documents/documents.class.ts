import type { Knex } from 'knex'
import { DocumentStatus } from '@portal/sdk/domain'
import type { DocumentRecord, DocumentsPatch, DocumentsQuery, Page } from '@portal/sdk/services'
import { errorData } from '@portal/sdk/errors'
import { BadRequest, Forbidden } from '@feathersjs/errors'
import type { PortalParams } from '../../hooks/guard'
import { integerId } from '../../hooks/guard'
import { findPage } from '../shared/paginate'
import { DOCUMENT_RECORD_COLUMNS, toDocumentRecord } from '../../documents/record'
import { retryFailedJob } from '../../jobs/queue'

/** A company's documents: list, one document, retry a failed extraction, move to the trash. */
export class DocumentsService {
  constructor(
    private readonly knex: Knex,
    private readonly wake: () => void,
  ) {}

  async find(params: PortalParams = {}): Promise<Page<Partial<DocumentRecord>>> {
    const query = params.query as DocumentsQuery
    const builder = this.knex('documents').where('documents.company_no', query.client_no).whereNull('documents.deleted_at')
    if (query.processing_state) builder.where('documents.processing_state', query.processing_state)
    return findPage<Partial<DocumentRecord>>(this.knex, builder, query, {
      columns: DOCUMENT_RECORD_COLUMNS,
      defaultLimit: 100,
      defaultSort: { created_at: -1, id: -1 },
    })
  }

  async get(id: unknown): Promise<DocumentRecord> {
    const row = await this.knex('documents').where({ id: integerId(id) }).first()
    if (!row) throw noAccess()
    return toDocumentRecord(row)
  }

  async patch(id: unknown, data: DocumentsPatch): Promise<DocumentRecord> {
    const row = await this.knex('documents').where({ id: integerId(id) }).first()
    if (!row) throw noAccess()
    if (data.retry) {
      if (row.processing_state !== 'failed' || !row.job_id || !(await retryFailedJob(this.knex, row.job_id))) {
        throw new BadRequest('Only a failed document can be retried', errorData('documents:retryNotFailed', { id: row.id }))
      }
      await this.knex('documents').where({ id: row.id }).update({ processing_state: 'queued', processing_error: null, updated_at: this.knex.fn.now() })
      this.wake()
    }
    return this.get(row.id)
  }

  async remove(id: unknown): Promise<DocumentRecord> {
    const row = await this.knex('documents').where({ id: integerId(id) }).first()
    if (!row) throw noAccess()
    // Booked records stay unaltered (BAO §131/§132): they can only be reversed, never deleted.
    if ((row.status & DocumentStatus.Booked) !== 0) {
      throw new BadRequest('A booked document cannot be deleted', errorData('documents:bookedCannotDelete', { id: row.id }))
    }
    const [updated] = await this.knex('documents')
      .where({ id: row.id })
      .update({ deleted_at: this.knex.fn.now(), updated_at: this.knex.fn.now() })
      .returning('*')
    return toDocumentRecord(updated)
  }
}

/** The one answer for a missing or foreign document (SPEC §8), so it never reveals which. */
export function noAccess(): Forbidden {
  return new Forbidden("This document either doesn't exist, or you lack permission to view it", errorData('errors:document.noAccess'))
}
