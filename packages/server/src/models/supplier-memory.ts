import type { Knex } from 'knex'

/** A remembered field position of a supplier, as stored (box as fractions of the page, label lower-cased). */
export interface SupplierMemoryRow {
  supplier_key: string
  field: string
  page: number
  box: unknown
  label: string
}

/** A supplier's booking defaults, as stored. */
export interface SupplierDefaultsRow {
  supplier_key: string
  account_number: number | null
  cost_center: string | null
  tax_code: string | null
}

/** What the company's people taught about the suppliers with these keys. */
export async function supplierMemories(db: Knex, companyNo: number, keys: readonly string[]): Promise<SupplierMemoryRow[]> {
  return db('supplier_memory').where({ company_no: companyNo }).whereIn('supplier_key', [...keys])
}

/** The booking defaults of the suppliers with these keys. */
export async function supplierDefaults(db: Knex, companyNo: number, keys: readonly string[]): Promise<SupplierDefaultsRow[]> {
  return db('supplier_defaults').where({ company_no: companyNo }).whereIn('supplier_key', [...keys])
}

/** Remembers (or moves) where a field of a supplier's documents stands, taught by one document. */
export async function rememberField(
  db: Knex,
  memory: { company_no: number; supplier_key: string; field: string; page: number; box: unknown; label: string; taught_by_document: number },
): Promise<void> {
  const row = { ...memory, box: JSON.stringify(memory.box) }
  await db('supplier_memory')
    .insert(row)
    .onConflict(['company_no', 'supplier_key', 'field'])
    .merge({ ...row, updated_at: db.fn.now() })
}

/** Sets one booking default of a supplier (account_number, cost_center or tax_code). */
export async function rememberDefault(
  db: Knex,
  companyNo: number,
  supplierKey: string,
  column: 'account_number' | 'cost_center' | 'tax_code',
  value: string,
): Promise<void> {
  await db('supplier_defaults')
    .insert({ company_no: companyNo, supplier_key: supplierKey, [column]: value })
    .onConflict(['company_no', 'supplier_key'])
    .merge({ [column]: value, updated_at: db.fn.now() })
}

/** Remembers several booking defaults of a supplier in one statement (a booking teaches them together). */
export async function rememberDefaults(
  db: Knex,
  companyNo: number,
  supplierKey: string,
  values: Partial<Record<'account_number' | 'cost_center' | 'tax_code', string>>,
): Promise<void> {
  if (Object.keys(values).length === 0) return
  await db('supplier_defaults')
    .insert({ company_no: companyNo, supplier_key: supplierKey, ...values })
    .onConflict(['company_no', 'supplier_key'])
    .merge({ ...values, updated_at: db.fn.now() })
}
