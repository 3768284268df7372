import type { Knex } from 'knex'
import {
  DEFAULT_TAX_CODE_TARGETS,
  defaultTaxCodeTarget,
  resolveTaxCodeTargets,
  type TaxCodeTarget,
  type TaxCodeTargetOverride,
} from '@portal/sdk/domain'
import type { Actor } from './users'

/** One override row of the firm's tax code table (null columns keep the default). */
export interface TaxCodeOverrideRow {
  code: string
  bmd_steuercode: string | null
  datev_bu: string | null
  updated_by_name: string | null
  updated_at: string
}

/** One recorded change of a line: effective values before and after. */
export interface TaxCodeChangeRow {
  code: string
  old_bmd_steuercode: string
  old_datev_bu: string
  new_bmd_steuercode: string
  new_datev_bu: string
  changed_by_name: string | null
  changed_at: string
}

const iso = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value))

/** The firm's override rows, by code. */
export async function taxCodeOverrides(db: Knex): Promise<Map<string, TaxCodeOverrideRow>> {
  const rows = (await db('tax_code_targets').select(
    'code',
    'bmd_steuercode',
    'datev_bu',
    'updated_by_name',
    'updated_at',
  )) as TaxCodeOverrideRow[]
  return new Map(rows.map((row) => [row.code, { ...row, updated_at: iso(row.updated_at) }]))
}

const asOverride = (row: TaxCodeOverrideRow): TaxCodeTargetOverride => ({
  code: row.code,
  bmdSteuercode: row.bmd_steuercode,
  datevBu: row.datev_bu,
})

/**
 * The table the ERP export writes with: every portal tax code with the firm's BMD steuercode and DATEV BU-Schlüssel
 * (the documented defaults with the firm's changes laid over them), in the order of TAX_CODES.
 */
export async function firmTaxCodeTargets(db: Knex): Promise<TaxCodeTarget[]> {
  const overrides = await taxCodeOverrides(db)
  return resolveTaxCodeTargets(DEFAULT_TAX_CODE_TARGETS, [...overrides.values()].map(asOverride))
}

/** The effective values of one code before and after a change. */
export interface TaxCodeTargetChange {
  before: { bmdSteuercode: string; datevBu: string }
  after: { bmdSteuercode: string; datevBu: string }
}

/**
 * Sets the firm's values of one code (null = the default) and records the change (effective old → new, who, when) in
 * the same transaction. Answers the effective values before and after, or undefined, recording nothing, when they
 * stay as they were.
 */
export async function setTaxCodeTarget(
  trx: Knex.Transaction,
  code: string,
  values: { bmdSteuercode: string | null; datevBu: string | null },
  actor: Actor,
): Promise<TaxCodeTargetChange | undefined> {
  const before = (await firmTaxCodeTargets(trx)).find((line) => line.code === code)
  const fallback = defaultTaxCodeTarget(code)
  if (!before || !fallback) return undefined
  const after = { bmdSteuercode: values.bmdSteuercode ?? fallback.bmdSteuercode, datevBu: values.datevBu ?? fallback.datevBu }
  if (after.bmdSteuercode === before.bmdSteuercode && after.datevBu === before.datevBu) return undefined
  // A value equal to the default is stored as null, so a later change of the documented default reaches it.
  const stored = {
    bmd_steuercode: after.bmdSteuercode === fallback.bmdSteuercode ? null : after.bmdSteuercode,
    datev_bu: after.datevBu === fallback.datevBu ? null : after.datevBu,
    updated_by: actor.id,
    updated_by_name: actor.name,
    updated_at: trx.fn.now(),
  }
  await trx('tax_code_targets').insert({ code, ...stored }).onConflict('code').merge()
  await trx('tax_code_target_changes').insert({
    code,
    old_bmd_steuercode: before.bmdSteuercode,
    old_datev_bu: before.datevBu,
    new_bmd_steuercode: after.bmdSteuercode,
    new_datev_bu: after.datevBu,
    changed_by: actor.id,
    changed_by_name: actor.name,
  })
  return { before: { bmdSteuercode: before.bmdSteuercode, datevBu: before.datevBu }, after }
}

/** Every recorded change of one code, newest first. */
export async function taxCodeChanges(db: Knex, code: string): Promise<TaxCodeChangeRow[]> {
  const rows = (await db('tax_code_target_changes')
    .where({ code })
    .orderBy('id', 'desc')
    .select(
      'code',
      'old_bmd_steuercode',
      'old_datev_bu',
      'new_bmd_steuercode',
      'new_datev_bu',
      'changed_by_name',
      'changed_at',
    )) as TaxCodeChangeRow[]
  return rows.map((row) => ({ ...row, changed_at: iso(row.changed_at) }))
}

/** Serialises changes of the table: the first statement of a change's transaction. */
export async function lockTaxCodeTable(trx: Knex.Transaction): Promise<void> {
  await trx.raw('lock table tax_code_targets in share row exclusive mode')
}
