import { REQUEST_TRANSACTION_RIGHTS, requestPatchRequires } from '@portal/sdk/domain'
import { documentRequestsDescriptor, type AbilityTarget, type DocumentRequestData, type DocumentRequestPatch, type DocumentRequestsQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId } from '../../hooks/guard'
import { companyOfRequest } from '../../models/document-requests'
import { accessOfDocument, NO_COMPANY } from '../../models/documents/index'
import { scheduleRequestReminders } from '../../jobs/remind-requests'
import { whileServing } from '../../jobs/periodic'
import { registerService } from '../shared/register'
import { DocumentRequestsService } from './document-requests.class'

/**
 * Registers document-requests. The policy decides by the call: find the named company (else narrowed to the caller's),
 * create the company (`acc`; a bank transaction's request also `adm`/`ban`), patch the request's company with the
 * right its fields take (an answer `doc`, a close `acc`) and, for an upload, the rights of the document's kind.
 */
export function configureDocumentRequestsService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, documentRequestsDescriptor, new DocumentRequestsService(app), {
    target: async (context): Promise<AbilityTarget> => {
      if (context.method === 'find') {
        const { company_no } = (context.params.query ?? {}) as DocumentRequestsQuery
        return company_no === undefined ? {} : { companyNo: company_no }
      }
      if (context.method === 'create') {
        const data = context.data as DocumentRequestData
        return { companyNo: data.company_no, requires: data.bank_transaction_id !== undefined ? REQUEST_TRANSACTION_RIGHTS : [] }
      }
      const data = context.data as DocumentRequestPatch
      const companyNo = (await companyOfRequest(knex, integerId(context.id))) ?? NO_COMPANY
      const recordRequires = data.document_id !== undefined ? (await accessOfDocument(knex, data.document_id, { trashed: false })).recordRequires : []
      return { companyNo, requires: requestPatchRequires(Object.keys(data)), recordRequires }
    },
  })
  // The reminder job (jobs/remind-requests.ts) runs hourly while the server runs; tests call it with a fixed clock.
  whileServing(app, () => scheduleRequestReminders(app))
}
