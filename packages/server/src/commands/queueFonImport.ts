import { FonImportError, type FonImportKind } from '@portal/sdk/domain'
import type { FonImport } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { parseFonFile } from '../fon/read-file'
import { FON_IMPORT_JOB } from '../jobs/kinds'
import { enqueueJob } from '../jobs/queue'
import { wakeFonImportWorkers } from '../jobs/fon-import-workers'
import { insertFonImport } from '../models/fon-imports'
import type { Actor } from '../models/users'
import { badRequest } from '../policies/index'

/** Props of queueFonImport. */
export interface QueueFonImportProps {
  app: Application
  kind: FonImportKind
  fileName: string
  bytes: Uint8Array
  actor: Actor
}

/**
 * Takes an import file: checks every row first, so a broken file is refused (400) with its row, column and rule,
 * recorded as a failed import (the screen's stale-data note says so) and changes nothing else. A good file is stored
 * with its job in one transaction and answered 'inProgress'; the job imports and reconciles it.
 */
export async function queueFonImport(props: QueueFonImportProps): Promise<FonImport> {
  const { app, kind, fileName, bytes, actor } = props
  const knex = app.get('knex')
  let rows: number
  try {
    rows = (await parseFonFile(kind, fileName, bytes)).length
  } catch (error) {
    if (!(error instanceof FonImportError)) throw error
    const failed = await insertFonImport(knex, { kind, fileName, actor, problem: error.problem })
    app.service('fon-imports').emit('created', failed)
    const { row, column, rule, value } = error.problem
    throw badRequest(`Row ${row}, column "${column}": ${rule}`, 'fon:errors.badFile', { row, column, rule, value, field: column, importId: failed.id })
  }
  const created = await knex.transaction(async (trx) => {
    const entry = await insertFonImport(trx, { kind, fileName, actor, content: bytes, rows })
    // One attempt: a file that failed to import once fails the same way again; the person uploads it anew.
    await enqueueJob(trx, FON_IMPORT_JOB, { importId: entry.id }, { maxAttempts: 1 })
    return entry
  })
  app.service('fon-imports').emit('created', created)
  wakeFonImportWorkers(app)
  return created
}
