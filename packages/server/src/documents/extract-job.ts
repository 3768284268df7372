import type { Knex } from 'knex'
import { DataSource } from '@portal/sdk/domain'
import type { Application } from '../declarations'
import type { Job } from '../jobs/queue'
import type { Candidate, FieldName } from '../extraction/types'
import type { PageText } from '../extraction/text/layout'
import { documentStore } from './runtime'
import { toDocumentRecord } from './record'
import { emitDocumentEvent } from './events'
import { documentColumnsFrom, decideDocumentType, suggestSplit } from './aggregate'
import { applyMemory, supplierKeys, type FieldMemory } from './supplier-memory'
import { bestCandidates } from '../extraction/best'

/** Job kind of a document's extraction. */
export const EXTRACT_JOB = 'extract-document'

/** What an extraction job carries. */
export interface ExtractJobPayload {
  documentId: number
  /** The uploader named the type; the pipeline must not switch incoming/outgoing. */
  typeFixed: boolean
}

/** Sources that people produced; a re-run of the machines never deletes them. */
const HUMAN_SOURCES = [DataSource.Human_Labeling, DataSource.Human_Confirmation, DataSource.Human_Booking]

/** Emits a document change to the company's connections (documents list, and the aggregator's badge). */
async function publish(app: Application, knex: Knex, id: number): Promise<void> {
  const row = await knex('documents').where({ id }).first()
  if (!row) return
  emitDocumentEvent(app, 'patched', toDocumentRecord(row))
}

function pageTextOf(page: PageText): string {
  return page.lines.map((line) => line.text).join('\n')
}

/** Builds the handler that reads a stored document, keeps every candidate, and derives its current values. */
export function extractJobHandler(app: Application) {
  return async (job: Job): Promise<void> => {
    const knex = app.get('knex')
    const { documentId, typeFixed } = job.payload as ExtractJobPayload
    const document = await knex('documents').where({ id: documentId }).first()
    if (!document) return
    await knex('documents').where({ id: documentId }).update({ processing_state: 'processing', updated_at: knex.fn.now() })
    await publish(app, knex, documentId)

    const bytes = await documentStore(app).get(document.sha256)
    // The extraction engine (pdfjs, OCR) loads on first use, not at server start.
    const { extractDocument } = await import('../extraction/extract')
    const result = await extractDocument(bytes)
    if (!result.ok) throw new Error(`documents:${result.refusal.key}`)

    const company = await knex('companies').where({ company_no: document.company_no }).first()
    const type = typeFixed ? document.document_type : decideDocumentType(result.values, company, document.document_type)
    // What people taught about this supplier reads the fields rules missed (Machine_Learning candidates).
    const supplier = await recallSupplier(knex, document.company_no, type, result.values)
    const learned = applyMemory(result.text, supplier.memories)
    const candidates = [...result.candidates, ...learned]
    const values = learned.length > 0 ? bestCandidates(candidates) : result.values
    const columns: Record<string, unknown> = { ...documentColumnsFrom(values, type), ...supplier.defaults }
    const fullText = result.text.map(pageTextOf).join('\n\f\n')

    await knex.transaction(async (trx) => {
      await trx('document_pages').where({ document_id: documentId }).delete()
      if (result.text.length > 0) {
        await trx('document_pages').insert(
          result.text.map((page) => ({
            document_id: documentId,
            page_no: page.page,
            text: pageTextOf(page),
            has_text_layer: page.lines.length > 0,
            width: page.width,
            height: page.height,
          })),
        )
      }
      await trx('document_candidates').where({ document_id: documentId }).whereNotIn('source', HUMAN_SOURCES).delete()
      const chosen = new Set<Candidate>(Object.values(values) as Candidate[])
      const rows = candidates.map((c) => ({
        document_id: documentId,
        field: c.field,
        value: typeof c.value === 'string' ? c.value : JSON.stringify(c.value),
        source: c.source,
        confidence: c.confidence,
        page: c.page,
        box: c.box ? JSON.stringify(c.box) : null,
        label: c.label ?? null,
        chosen: chosen.has(c),
      }))
      for (let i = 0; i < rows.length; i += 500) await trx('document_candidates').insert(rows.slice(i, i + 500))

      const account = supplier.defaults.account_number ?? (await matchAccount(trx, document.company_no, type, values))
      const duplicate = await findDuplicate(trx, documentId, document.company_no, columns.vat_id as string | null, columns.invoice_number as string | null)
      await trx('documents')
        .where({ id: documentId })
        .update({
          ...columns,
          document_type: type,
          account_number: account,
          duplicate_of: duplicate,
          split_suggestion: JSON.stringify(suggestSplit(candidates, result.pages)),
          full_text: fullText,
          pages: result.pages,
          processing_state: 'done',
          processing_error: null,
          aggregated: true,
          updated_at: trx.fn.now(),
        })
    })
    await publish(app, knex, documentId)
  }
}

/** The company's supplier (incoming) or customer (outgoing) account: by VAT id, then IBAN, then name. */
async function matchAccount(
  knex: Knex,
  companyNo: number,
  type: string,
  values: Partial<Record<FieldName, Candidate>>,
): Promise<number | null> {
  const incoming = type !== 'AR'
  const types = incoming ? [3, 4] : [2, 4]
  const vat = (incoming ? values.seller_vat_id : values.buyer_vat_id)?.value
  const name = (incoming ? values.seller_name : values.buyer_name)?.value
  const iban = values.iban?.value
  const base = () => knex('accounts').where({ company_no: companyNo }).whereIn('type', types).orderBy('accounting', 'desc')
  if (typeof vat === 'string') {
    const row = await base().whereRaw("upper(replace(vat_id, ' ', '')) = ?", [vat.replace(/\s/g, '').toUpperCase()]).first('account')
    if (row) return row.account
  }
  if (incoming && typeof iban === 'string') {
    const row = await base().whereRaw("upper(replace(iban, ' ', '')) = ?", [iban.replace(/\s/g, '').toUpperCase()]).first('account')
    if (row) return row.account
  }
  if (typeof name === 'string' && name.trim().length >= 3) {
    const row = await base().whereRaw('lower(name) = lower(?)', [name.trim()]).first('account')
    if (row) return row.account
  }
  return null
}

/** An earlier document of the same company with the same other party and invoice number. */
async function findDuplicate(
  knex: Knex,
  documentId: number,
  companyNo: number,
  vatId: string | null | undefined,
  invoiceNumber: string | null | undefined,
): Promise<number | null> {
  if (!vatId || !invoiceNumber) return null
  const row = await knex('documents')
    .where({ company_no: companyNo, vat_id: vatId, invoice_number: invoiceNumber })
    .whereNull('deleted_at')
    .whereNot({ id: documentId })
    .andWhere('id', '<', documentId)
    .orderBy('id')
    .first('id')
  return row ? Number(row.id) : null
}

/** The supplier's taught field positions (strongest key that has any) and booking defaults. */
async function recallSupplier(
  knex: Knex,
  companyNo: number,
  type: string,
  values: Partial<Record<FieldName, Candidate>>,
): Promise<{ memories: FieldMemory[]; defaults: { account_number?: number; cost_center?: string; tax_code?: string } }> {
  const incoming = type !== 'AR'
  const text = (field: FieldName) => {
    const value = values[field]?.value
    return typeof value === 'string' ? value : null
  }
  const keys = supplierKeys({
    vatId: text(incoming ? 'seller_vat_id' : 'buyer_vat_id'),
    iban: incoming ? text('iban') : null,
    name: text(incoming ? 'seller_name' : 'buyer_name'),
  })
  if (keys.length === 0) return { memories: [], defaults: {} }
  const rows = await knex('supplier_memory').where({ company_no: companyNo }).whereIn('supplier_key', keys)
  const key = keys.find((k) => rows.some((r: { supplier_key: string }) => r.supplier_key === k))
  const memories = rows
    .filter((r: { supplier_key: string }) => r.supplier_key === key)
    .map((r: { field: FieldName; page: number; box: unknown; label: string }) => ({
      field: r.field,
      page: r.page,
      box: typeof r.box === 'string' ? JSON.parse(r.box) : r.box,
      label: r.label,
    })) as FieldMemory[]
  const defaultsRows = await knex('supplier_defaults').where({ company_no: companyNo }).whereIn('supplier_key', keys)
  const defaultsRow = keys.map((k) => defaultsRows.find((r: { supplier_key: string }) => r.supplier_key === k)).find(Boolean)
  const defaults: { account_number?: number; cost_center?: string; tax_code?: string } = {}
  if (defaultsRow?.account_number) defaults.account_number = defaultsRow.account_number
  if (defaultsRow?.cost_center) defaults.cost_center = defaultsRow.cost_center
  if (defaultsRow?.tax_code) defaults.tax_code = defaultsRow.tax_code
  return { memories, defaults }
}
