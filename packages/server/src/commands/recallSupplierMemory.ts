import type { Knex } from 'knex'
import type { DocumentKind } from '@portal/sdk/domain'
import { applyMemory, supplierKeysOf, type FieldMemory } from '../extraction/memory/supplier-memory'
import type { PageText } from '../extraction/text/layout'
import type { Candidate } from '../extraction/types'
import type { FieldValues } from '../models/documents/index'
import { supplierMemories } from '../models/supplier-memory'

/** Props of recallSupplierMemory. */
export interface RecallSupplierMemoryProps {
  db: Knex
  companyNo: number
  kind: DocumentKind
  /** The document's current field values, which name its supplier. */
  values: FieldValues
  /** The document's pages as read. */
  pages: PageText[]
}

/**
 * Reads the fields people taught about this document's supplier (the strongest key that has any) from its
 * pages: Machine_Learning candidates for what the rules missed.
 */
export async function recallSupplierMemory(props: RecallSupplierMemoryProps): Promise<Candidate[]> {
  const keys = supplierKeysOf(props.values, props.kind)
  if (keys.length === 0) return []
  const rows = await supplierMemories(props.db, props.companyNo, keys)
  const key = keys.find((k) => rows.some((row) => row.supplier_key === k))
  const memories = rows
    .filter((row) => row.supplier_key === key)
    .map((row) => ({ field: row.field, page: row.page, box: typeof row.box === 'string' ? JSON.parse(row.box) : row.box, label: row.label }) as FieldMemory)
  return applyMemory(props.pages, memories)
}
