import type { Knex } from 'knex'
import { DataSource } from '@portal/sdk/domain'
import type { DocumentLabel, DocumentLabelData, LabelField } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { emitDocumentEvent } from '../../documents/events'
import { toDocumentRecord } from '../../documents/record'
import { documentStore } from '../../documents/runtime'
import { LEARNABLE_FIELDS, learnField, supplierKeys } from '../../documents/supplier-memory'
import type { FieldName } from '../../extraction/types'
import { normalizeLabelValue } from './label-value'

/** documents columns a labelled field updates (the others live only as candidates). */
const COLUMNS: Partial<Record<LabelField, string>> = {
  invoice_number: 'invoice_number',
  issue_date: 'invoice_date',
  due_date: 'due_date',
  skonto_due_date: 'discount_due_date',
  total_gross: 'total_gross',
  total_net: 'total_net',
  total_tax: 'tax_amount',
  currency: 'currency',
  seller_vat_id: 'seller_vat_id',
  buyer_vat_id: 'buyer_vat_id',
  iban: 'iban',
  company_register_number: 'register_no',
  account_number: 'account_number',
  cost_center: 'cost_center',
  tax_code: 'tax_code',
}

const DEFAULT_FIELDS: Partial<Record<LabelField, string>> = {
  account_number: 'account_number',
  cost_center: 'cost_center',
  tax_code: 'tax_code',
}

/** Values people enter or correct: kept as Human_Labeling candidates, made current, and taught to the supplier memory. */
export class DocumentLabelsService {
  constructor(private readonly app: Application) {}

  private get knex(): Knex {
    return this.app.get('knex')
  }

  async create(data: DocumentLabelData, params: PortalParams = {}): Promise<DocumentLabel> {
    const knex = this.knex
    const value = normalizeLabelValue(data.field, data.value)
    const document = await knex('documents').where({ id: data.document_id }).first()
    const user = params.user ? await knex('users').where({ keycloak_id: params.user.keycloakId }).first('id') : undefined

    await knex.transaction(async (trx) => {
      await trx('document_candidates').where({ document_id: document.id, field: data.field }).update({ chosen: false })
      await trx('document_candidates').insert({
        document_id: document.id,
        field: data.field,
        value,
        source: DataSource.Human_Labeling,
        confidence: 1,
        chosen: true,
        created_by: user?.id ?? null,
      })
      const column = COLUMNS[data.field]
      const update: Record<string, unknown> = { updated_at: trx.fn.now() }
      if (column) update[column] = value
      // The other party's VAT id follows the direction of the document.
      if (data.field === 'seller_vat_id' && document.document_type !== 'AR') update.vat_id = value
      if (data.field === 'buyer_vat_id' && document.document_type === 'AR') update.vat_id = value
      await trx('documents').where({ id: document.id }).update(update)
    })

    const learned = await this.teach(document, data.field, value)
    const row = await knex('documents').where({ id: document.id }).first()
    emitDocumentEvent(this.app, 'patched', toDocumentRecord(row))
    return { document_id: document.id, field: data.field, value, source: DataSource.Human_Labeling, learned }
  }

  /** Teaches the supplier memory where the value stands (or the supplier's booking default). */
  private async teach(document: Record<string, unknown>, field: LabelField, value: string): Promise<boolean> {
    const knex = this.knex
    const current = await knex('documents').where({ id: document.id }).first()
    const incoming = current.document_type !== 'AR'
    const names = await knex('document_candidates')
      .where({ document_id: document.id, chosen: true })
      .whereIn('field', ['seller_name', 'buyer_name'])
      .select('field', 'value')
    const name = names.find((n: { field: string }) => n.field === (incoming ? 'seller_name' : 'buyer_name'))?.value
    const key = supplierKeys({ vatId: current.vat_id, iban: incoming ? current.iban : null, name })[0]
    if (!key) return false
    const companyNo = current.company_no
    const defaultColumn = DEFAULT_FIELDS[field]
    if (defaultColumn) {
      await knex('supplier_defaults')
        .insert({ company_no: companyNo, supplier_key: key, [defaultColumn]: value })
        .onConflict(['company_no', 'supplier_key'])
        .merge({ [defaultColumn]: value, updated_at: knex.fn.now() })
      return true
    }
    if (!LEARNABLE_FIELDS.includes(field as FieldName) || current.file_kind !== 'pdf') return false
    const { openPdf } = await import('../../extraction/text/pdf-document')
    const { readPdfText } = await import('../../extraction/text/pdf-text')
    const opened = await openPdf(await documentStore(this.app).get(String(current.sha256).trim()))
    if (!opened.ok) return false
    try {
      const memory = learnField(await readPdfText(opened.pdf), field as FieldName, value)
      if (!memory) return false
      const row = { company_no: companyNo, supplier_key: key, field, page: memory.page, box: JSON.stringify(memory.box), label: memory.label, taught_by_document: current.id }
      await knex('supplier_memory')
        .insert(row)
        .onConflict(['company_no', 'supplier_key', 'field'])
        .merge({ ...row, updated_at: knex.fn.now() })
      return true
    } finally {
      await opened.pdf.destroy()
    }
  }
}
