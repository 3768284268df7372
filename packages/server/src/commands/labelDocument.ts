import { DataSource } from '@portal/sdk/domain'
import type { LabelField, SessionUser } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { insertCandidate } from '../models/document-candidates'
import { documentNoAccess } from '../models/documents/index'
import { userIdOf } from '../models/users'
import { aggregateDocument } from './aggregateDocument'
import { teachSupplier } from './teachSupplier'

/** Props of labelDocument. */
export interface LabelDocumentProps {
  app: Application
  user?: SessionUser
  documentId: number
  field: LabelField
  /** The value, already checked and normalised for its field. */
  value: string
}

/**
 * A person enters or corrects a field: kept as a Human_Labeling candidate, made current by the aggregation
 * (people win over machines, now and on every re-run), then taught to the supplier memory. Refused with 409
 * documents:bookedCannotChange when the document is booked. Answers whether the memory learned from it.
 */
export async function labelDocument(props: LabelDocumentProps): Promise<{ learned: boolean }> {
  const { app, documentId, field, value } = props
  const createdBy = await userIdOf(app.get('knex'), props.user?.keycloakId)
  const document = await aggregateDocument({
    app,
    documentId,
    write: (trx) => insertCandidate(trx, documentId, { field, value, source: DataSource.Human_Labeling, confidence: 1, created_by: createdBy }),
  })
  // The policy saw it a moment ago; gone since, it is answered like any missing document.
  if (!document) throw documentNoAccess()
  return { learned: await teachSupplier({ app, document, field, value }) }
}
