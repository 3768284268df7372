import { BadRequest } from '@feathersjs/errors'
import { ProcessingState } from '@portal/sdk/domain'
import { errorData } from '@portal/sdk/errors'
import type { Application } from '../declarations'
import { retryFailedJob } from '../jobs/queue'
import { documentNoAccess, lockDocumentForChange, updateDocument } from '../models/documents/index'

/** Props of retryExtraction. */
export interface RetryExtractionProps {
  app: Application
  documentId: number
}

/**
 * Puts a document whose extraction finally failed back in the queue (the Retry action): its job with fresh
 * attempts and the document queued again, together. Refused with 409 documents:bookedCannotChange for a
 * booked document and with 400 documents:retryNotFailed unless its processing failed.
 */
export async function retryExtraction(props: RetryExtractionProps): Promise<void> {
  const { app, documentId } = props
  await app.get('knex').transaction(async (trx) => {
    const row = await lockDocumentForChange(trx, documentId)
    if (!row) throw documentNoAccess()
    if (row.processing_state !== ProcessingState.failed || !row.job_id || !(await retryFailedJob(trx, row.job_id))) {
      throw new BadRequest('Only a failed document can be retried', errorData('documents:retryNotFailed', { id: row.id }))
    }
    await updateDocument(trx, documentId, { processing_state: ProcessingState.queued, processing_error: null })
  })
  app.get('workers')?.wake()
}
