import type { Knex } from 'knex'
import type { DocumentKind } from '@portal/sdk/domain'
import { supplierKeysOf } from '../extraction/memory/supplier-memory'
import type { FieldValues } from '../models/documents/index'
import { supplierDefaults } from '../models/supplier-memory'

/** Props of recallSupplierDefaults. */
export interface RecallSupplierDefaultsProps {
  db: Knex
  companyNo: number
  kind: DocumentKind
  /** The document's current field values, which name its supplier. */
  values: FieldValues
}

/** Booking values people taught for a supplier. */
export interface SupplierDefaults {
  account_number?: number
  cost_center?: string
  tax_code?: string
}

/** The booking defaults people taught for this document's supplier (the strongest key that has some). */
export async function recallSupplierDefaults(props: RecallSupplierDefaultsProps): Promise<SupplierDefaults> {
  const keys = supplierKeysOf(props.values, props.kind)
  if (keys.length === 0) return {}
  const rows = await supplierDefaults(props.db, props.companyNo, keys)
  const row = keys.map((key) => rows.find((r) => r.supplier_key === key)).find(Boolean)
  const defaults: SupplierDefaults = {}
  if (row?.account_number) defaults.account_number = Number(row.account_number)
  if (row?.cost_center) defaults.cost_center = row.cost_center
  if (row?.tax_code) defaults.tax_code = row.tax_code
  return defaults
}
