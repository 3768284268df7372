import { FonImportError, type FonImportKind, type FonQuotaRow, type NtcsRecord } from '@portal/sdk/domain'
import type { FonImport } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { parseFonFile } from '../fon/read-file'
import { FON_IMPORT_JOB } from '../jobs/kinds'
import { enqueueJob } from '../jobs/queue'
import { wakeFonImportWorkers } from '../jobs/fon-import-workers'
import { hasDoneFonImport, insertFonImport } from '../models/fon-imports'
import { planFonReconciliation } from './reconcileFon'
import type { Actor } from '../models/users'
import { badRequest } from '../policies/index'

/** Props of queueFonImport. */
export interface QueueFonImportProps {
  app: Application
  kind: FonImportKind
  fileName: string
  bytes: Uint8Array
  actor: Actor
  /** Only check the file and answer what it would change. */
  dryRun?: boolean
}

/** A dry run's answer: the file checked, nothing stored, the preview of what the import would make of the items. */
async function previewImport(props: QueueFonImportProps, parsed: NtcsRecord[] | FonQuotaRow[]): Promise<FonImport> {
  const knex = props.app.get('knex')
  const otherKind = props.kind === 'records' ? 'quota' : 'records'
  const reconciles = await hasDoneFonImport(knex, otherKind)
  const plan = reconciles
    ? await planFonReconciliation(knex, props.kind === 'records' ? { records: parsed as NtcsRecord[] } : { rows: parsed as FonQuotaRow[] })
    : { reconciled: [], changed: [], gone: [], states: {} }
  return {
    id: 0,
    kind: props.kind,
    fileName: props.fileName,
    state: 'done',
    progress: 0,
    rows: parsed.length,
    problem: null,
    error: null,
    createdBy: props.actor.name,
    createdAt: new Date().toISOString(),
    finishedAt: null,
    preview: { items: plan.reconciled.length, changed: plan.changed.length, removed: plan.gone.length, states: plan.states, reconciles },
  }
}

/**
 * Takes an import file: checks every row first, so a broken file is refused (400) with its row, column and rule,
 * recorded as a failed import (the screen's stale-data note says so) and changes nothing else. A good file is stored
 * with its job in one transaction and answered 'inProgress'; the job imports and reconciles it. A dry run stops after
 * the check and answers what the import would change.
 */
export async function queueFonImport(props: QueueFonImportProps): Promise<FonImport> {
  const { app, kind, fileName, bytes, actor } = props
  const knex = app.get('knex')
  let parsed: NtcsRecord[] | FonQuotaRow[]
  try {
    parsed = await parseFonFile(kind, fileName, bytes)
  } catch (error) {
    if (!(error instanceof FonImportError)) throw error
    const failed = await insertFonImport(knex, { kind, fileName, actor, problem: error.problem })
    app.service('fon-imports').emit('created', failed)
    const { row, column, rule, value } = error.problem
    throw badRequest(`Row ${row}, column "${column}": ${rule}`, 'fon:errors.badFile', { row, column, rule, value, field: column, importId: failed.id })
  }
  if (props.dryRun) return previewImport(props, parsed)
  const created = await knex.transaction(async (trx) => {
    const entry = await insertFonImport(trx, { kind, fileName, actor, content: bytes, rows: parsed.length })
    // One attempt: a file that failed to import once fails the same way again; the person uploads it anew.
    await enqueueJob(trx, FON_IMPORT_JOB, { importId: entry.id }, { maxAttempts: 1 })
    return entry
  })
  app.service('fon-imports').emit('created', created)
  wakeFonImportWorkers(app)
  return created
}
