import { DataSource, DocumentStatus, HistoryAction, hasStatus, LABEL_FIELDS } from '@portal/sdk/domain'
import type { FieldBox, LabelField, SessionUser } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { insertCandidate } from '../models/document-candidates'
import { documentNoAccess } from '../models/documents/index'
import { actorOf } from '../models/users'
import { aggregateDocument } from './aggregateDocument'
import { assertAccountExists } from './assertAccountExists'
import { teachSupplier } from './teachSupplier'

/** Props of labelDocument. */
export interface LabelDocumentProps {
  app: Application
  user?: SessionUser
  documentId: number
  field: LabelField
  /** The value, already checked and normalised for its field; empty: the person cleared it (not on the document). */
  value: string
  /** The document's version the person saw; a stale one is refused (409 documents:staleVersion). */
  version?: number
  /** Where the value stands, when it was picked on the page. */
  page?: number
  box?: FieldBox
}

/** What labelDocument answers: the source the value was kept as, whether the memory learned, the new version. */
export interface LabelOutcome {
  source: number
  learned: boolean
  version: number
}

/**
 * A person enters or corrects a field: kept as a Human_Labeling candidate (with the page and box it was picked
 * from), made current by the aggregation (people win over machines, now and on every re-run), recorded in the
 * history, then taught to the supplier memory. On a confirmed document the correction is a Human_Confirmation
 * (the latest confirmation wins), since a label would rank below the values confirmed before it; the policy asks
 * `app` for it. Refused with 409 documents:bookedCannotChange when booked, 409 documents:staleVersion when stale,
 * 400 errors:account.notFound for an account the company does not have.
 */
export async function labelDocument(props: LabelDocumentProps): Promise<LabelOutcome> {
  const { app, documentId, field, value } = props
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  let source: number = DataSource.Human_Labeling
  const document = await aggregateDocument({
    app,
    documentId,
    expectedVersion: props.version,
    live: true,
    action: HistoryAction.label,
    actor,
    touched: [field],
    write: async (trx, row) => {
      if (value !== '') await assertAccountExists(trx, row.company_no, field, LABEL_FIELDS[field], value)
      if (hasStatus(Number(row.status), DocumentStatus.Confirmed)) source = DataSource.Human_Confirmation
      await insertCandidate(trx, documentId, {
        field,
        value,
        source,
        confidence: 1,
        page: props.page ?? null,
        box: props.box ?? null,
        created_by: actor.id,
      })
    },
  })
  // The policy saw it a moment ago; gone since, it is answered like any missing document.
  if (!document) throw documentNoAccess()
  // A cleared field ("not on the document") teaches nothing.
  const learned = value === '' ? false : await teachSupplier({ app, document, field, value })
  return { source, learned, version: Number(document.version) }
}
