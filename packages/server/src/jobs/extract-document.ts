import { DocumentKind, isXmlFileKind, pickCurrent, ProcessingState } from '@portal/sdk/domain'
import type { Application } from '../declarations'
import { aggregateDocument } from '../commands/aggregateDocument'
import { decideDocumentKind } from '../commands/decideDocumentKind'
import { recallSupplierMemory } from '../commands/recallSupplierMemory'
import { documentStore } from '../documents/runtime'
import { einvoiceView } from '../extraction/einvoice/view'
import { suggestSplit } from '../extraction/rules/split'
import type { PageText } from '../extraction/text/layout'
import type { Candidate, ClientParty } from '../extraction/types'
import { companyFacts } from '../models/companies'
import { listHumanCandidates, replaceMachineCandidates, type NewCandidate } from '../models/document-candidates'
import { replacePages } from '../models/document-pages'
import { emitDocumentEvent, isBooked, isBookedRefusal, loadDocument, updateDocument, type FieldValues } from '../models/documents/index'
import { observe } from '../observability/metrics'
import type { Job } from './queue'
import type { ExtractJobPayload } from './kinds'

const pageTextOf = (page: PageText): string => page.lines.map((line) => line.text).join('\n')

/** A machine candidate as stored: scalar values as text, tax breakdowns as JSON text. */
const toStored = (candidate: Candidate): NewCandidate => ({
  field: candidate.field,
  value: typeof candidate.value === 'string' ? candidate.value : JSON.stringify(candidate.value),
  source: candidate.source,
  confidence: candidate.confidence,
  page: candidate.page,
  box: candidate.box,
  label: candidate.label ?? null,
})

/** The current value of each field among these candidates, by source precedence. */
function currentValues(candidates: readonly NewCandidate[]): FieldValues {
  const byField = new Map<string, NewCandidate[]>()
  for (const candidate of candidates) byField.set(candidate.field, [...(byField.get(candidate.field) ?? []), candidate])
  return Object.fromEntries([...byField].map(([field, list]) => [field, pickCurrent(list)?.value]))
}

/** The client's side on a document of this kind: the buyer of what it receives, the seller of what it sends. */
const roleOfKind = (kind: DocumentKind): ClientParty['role'] => (kind === DocumentKind.AR ? 'seller' : kind === DocumentKind.Other ? null : 'buyer')

/** One run of the machines over a document; a booked document is left as it is (a refusal mid-way ends the job too). */
async function extract(app: Application, payload: ExtractJobPayload): Promise<void> {
  const knex = app.get('knex')
  const { documentId } = payload
  const document = await loadDocument(knex, documentId)
  if (!document || isBooked(document)) return
  const started = await updateDocument(knex, documentId, { processing_state: ProcessingState.processing })
  if (started) emitDocumentEvent(app, 'patched', started)

  // The engines (pdfjs, mupdf, OCR) run in threads of their own, started on first use: a hostile file must not
  // stall the server's requests, and the memory they grow to is given back when the threads go idle.
  const { extractInThread } = await import('../extraction/thread/pool')
  // The client company the document was uploaded for is never proposed as the other party: the engine places it on
  // its side, fixed when a person chose the kind at upload, else as the page tells (the current kind when it does not).
  const company = await companyFacts(knex, document.company_no)
  const client: ClientParty | undefined = company?.company_name
    ? { name: company.company_name, vatId: company.vat_id ?? null, iban: company.iban ?? null, role: payload.typeFixed ? roleOfKind(document.document_type) : null, usualRole: roleOfKind(document.document_type) }
    : undefined
  // The thread reads the file itself: its bytes never pass through the main thread.
  const result = await extractInThread(await documentStore(app).localFile(document.sha256), client ? { client } : {})
  if (!result.ok) throw new Error(`documents:${result.refusal.key}`)

  // People's values name the parties too (their corrections win), for the direction and the supplier.
  const humans = await listHumanCandidates(knex, documentId)
  const values = currentValues([...result.candidates.map(toStored), ...humans])
  const companyNo = document.company_no
  const kind = payload.typeFixed ? document.document_type : await decideDocumentKind({ db: knex, companyNo, values, current: document.document_type })
  // What people taught about this supplier reads the fields rules missed (Machine_Learning candidates).
  const learned = await recallSupplierMemory({ db: knex, companyNo, kind, values, pages: result.text })
  const candidates = [...result.candidates, ...learned]

  await aggregateDocument({
    app,
    documentId,
    write: async (trx) => {
      const pages = result.text.map((page) => ({
        page_no: page.page,
        text: pageTextOf(page),
        has_text_layer: page.lines.length > 0,
        width: page.width,
        height: page.height,
      }))
      await replacePages(trx, documentId, pages)
      await replaceMachineCandidates(trx, documentId, candidates.map(toStored))
    },
    changes: {
      document_type: kind,
      split_suggestion: JSON.stringify(suggestSplit(candidates, result.pages)),
      // The check against the official rules ran in the extraction thread; an XML without a page of its own gets the
      // readable page the viewer shows in its place (the original stays the archived file).
      einvoice_validation: result.validation ? JSON.stringify(result.validation) : null,
      einvoice_view: result.einvoice && isXmlFileKind(result.kind) ? JSON.stringify(einvoiceView(result.einvoice, result.validation?.profile ?? null)) : null,
      full_text: result.text.map(pageTextOf).join('\n\f\n'),
      pages: result.pages,
      processing_state: ProcessingState.done,
      processing_error: null,
      aggregated: true,
    },
  })
}

/**
 * Builds the handler of extraction jobs: reads the stored file, runs the engine, stores the machine candidates
 * (people's stay) and lets aggregateDocument derive the current values. A booked document ends the job
 * without a write.
 */
export function extractJobHandler(app: Application) {
  return async (job: Job): Promise<void> => {
    const started = performance.now()
    const seconds = () => (performance.now() - started) / 1000
    try {
      await extract(app, job.payload as ExtractJobPayload)
      observe.extraction('done', seconds())
    } catch (error) {
      observe.extraction(isBookedRefusal(error) ? 'booked' : 'failed', seconds())
      if (isBookedRefusal(error)) return
      throw error
    }
  }
}
