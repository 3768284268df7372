import { DataSource, DocumentStatus, HistoryAction, viewOfDocument } from '@portal/sdk/domain'
import { fieldMarks, isWarning, vouchedFields } from '@portal/sdk/validators'
import type { SessionUser } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { insertCandidate, listCandidates, type NewCandidate } from '../models/document-candidates'
import { BOOKING_COLUMNS, documentNoAccess, notConfirmable, type DocumentRow } from '../models/documents/index'
import { actorOf } from '../models/users'
import { aggregateDocument } from './aggregateDocument'
import { checkDocument } from './checkDocument'

/** Props of confirmDocument. */
export interface ConfirmDocumentProps {
  app: Application
  user?: SessionUser
  documentId: number
  /** The version the person confirmed; a document changed since is refused (409 documents:staleVersion). */
  version: number
}

/** The booking values the row holds without a candidate (taught defaults, the matched account): confirmed as they stand. */
function bookingValues(document: DocumentRow, candidateFields: ReadonlySet<string>): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [field, column] of Object.entries(BOOKING_COLUMNS)) {
    const value = document[column]
    if (!candidateFields.has(field) && value !== null && value !== undefined && String(value).trim() !== '') values[field] = String(value)
  }
  return values
}

/**
 * A person confirms a document as they saw it (SPEC §6 `app`). What they confirmed becomes a Human_Confirmation
 * candidate (aggregateDocument's precedence then keeps it over every later machine run) with a `confirm` entry in the
 * history: the values people entered and those the screen marked yellow for their attention (an unsure reading or a
 * warning; the SDK's fieldMarks and vouchedFields). A machine's value nobody was asked to check keeps its machine source, so an auditor tells a checked
 * value from an unreviewed one. The booking values the row derived are confirmed as they stand, and the Confirmed
 * flag moves it ER_U → ER (AR_U → AR); the history records the move. Refused before anything is written when the
 * values break a rule of SPEC §5 that is not a mere warning (422 documents:notConfirmable with those issues), when
 * stale (409 documents:staleVersion) or booked (409 documents:bookedCannotChange).
 */
export async function confirmDocument(props: ConfirmDocumentProps): Promise<DocumentRow> {
  const { app, documentId } = props
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  // The fields this confirmation vouches for, filled in by `write` before the aggregation records the history.
  const confirmedFields: string[] = []
  const row = await aggregateDocument({
    app,
    documentId,
    expectedVersion: props.version,
    live: true,
    action: HistoryAction.confirm,
    actor,
    write: async (trx, document) => {
      const chosen = (await listCandidates(trx, documentId)).filter((candidate) => candidate.chosen)
      const values: Record<string, string> = Object.fromEntries(chosen.map((candidate) => [candidate.field, candidate.value]))
      const booking = bookingValues(document, new Set(Object.keys(values)))
      const issues = await checkDocument({ db: trx, companyNo: document.company_no, values: { ...booking, ...values } })
      const refusing = issues.filter((issue) => !isWarning(issue))
      if (refusing.length > 0) throw notConfirmable(documentId, refusing)
      // What the screen marked for the person's attention, by the same rule (the SDK's fieldMarks).
      const vouched = vouchedFields(chosen, fieldMarks(chosen, issues))
      const checked = chosen.filter((candidate) => vouched.has(candidate.field))
      confirmedFields.push(...checked.map((candidate) => candidate.field))
      const confirmations: NewCandidate[] = [
        ...checked.map((candidate) => ({
          field: candidate.field,
          value: candidate.value,
          page: candidate.page,
          // jsonb arrives parsed from pg and as text from some drivers; stored again as it was.
          box: typeof candidate.box === 'string' ? (JSON.parse(candidate.box) as unknown) : candidate.box,
          label: candidate.label,
        })),
        ...Object.entries(booking).map(([field, value]) => ({ field, value })),
      ].map((candidate) => ({ ...candidate, source: DataSource.Human_Confirmation, confidence: 1, created_by: actor.id }))
      for (const candidate of confirmations) await insertCandidate(trx, documentId, candidate)
    },
    touched: confirmedFields,
    // Set in the same statement as the values, so no one sees them apart.
    changes: { status: knex.raw('status | ?', [DocumentStatus.Confirmed]) },
    documentEntry: (before, after) => ({
      field: null,
      old_value: viewOfDocument({ ...before, status: Number(before.status) }),
      new_value: viewOfDocument({ ...after, status: Number(after.status) }),
      source: DataSource.Human_Confirmation,
    }),
  })
  if (!row) throw documentNoAccess()
  return row
}
