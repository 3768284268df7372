import { FileKind } from '@portal/sdk/domain'
import type { LabelField } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { documentStore } from '../documents/runtime'
import { LEARNABLE_FIELDS, learnField, supplierKeysOf } from '../extraction/memory/supplier-memory'
import type { FieldName } from '../extraction/types'
import { listCandidates } from '../models/document-candidates'
import { BOOKING_COLUMNS, type BookingField, type DocumentRow } from '../models/documents/index'
import { rememberDefault, rememberField } from '../models/supplier-memory'

/** Props of teachSupplier. */
export interface TeachSupplierProps {
  app: Application
  /** The document as it stands after the person's value was aggregated. */
  document: DocumentRow
  field: LabelField
  value: string
}

const isBookingField = (field: string): field is BookingField => Object.hasOwn(BOOKING_COLUMNS, field)

/**
 * Learning from a person's value: a booking field becomes the supplier's default; a field printed on a PDF
 * teaches the supplier memory where it stands, so the next document of that supplier reads it. Answers
 * whether anything was learned (not when the supplier cannot be told or the value is not on the page).
 */
export async function teachSupplier(props: TeachSupplierProps): Promise<boolean> {
  const { app, document, field, value } = props
  const knex = app.get('knex')
  const chosen = (await listCandidates(knex, document.id)).filter((candidate) => candidate.chosen)
  const values = Object.fromEntries(chosen.map((candidate) => [candidate.field, candidate.value]))
  const key = supplierKeysOf(values, document.document_type)[0]
  if (!key) return false
  if (isBookingField(field)) {
    await rememberDefault(knex, document.company_no, key, BOOKING_COLUMNS[field], value)
    return true
  }
  if (!LEARNABLE_FIELDS.includes(field as FieldName) || document.file_kind !== FileKind.pdf) return false
  const { openPdf } = await import('../extraction/text/pdf-document')
  const { readPdfText } = await import('../extraction/text/pdf-text')
  const opened = await openPdf(await documentStore(app).get(document.sha256.trim()))
  if (!opened.ok) return false
  try {
    const memory = learnField(await readPdfText(opened.pdf), field as FieldName, value)
    if (!memory) return false
    await rememberField(knex, { company_no: document.company_no, supplier_key: key, field, page: memory.page, box: memory.box, label: memory.label, taught_by_document: document.id })
    return true
  } finally {
    await opened.pdf.destroy()
  }
}
