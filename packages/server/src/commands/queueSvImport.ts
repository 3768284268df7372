import { SvImportError, type SvImportKind } from '@portal/sdk/domain'
import type { SvImport } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { SV_IMPORT_JOB } from '../jobs/kinds'
import { enqueueJob } from '../jobs/queue'
import { wakeSvImportWorkers } from '../jobs/sv-import-workers'
import { insertSvImport } from '../models/sv-imports'
import type { Actor } from '../models/users'
import { badRequest } from '../policies/index'
import { readSvFile } from '../sv/read-sv-file'

/** Props of queueSvImport. */
export interface QueueSvImportProps {
  app: Application
  kind: SvImportKind
  fileName: string
  bytes: Uint8Array
  actor: Actor
  /** Only check the file and answer what it would change. */
  dryRun?: boolean
}

/**
 * Takes a contribution-account file: checks every row first, so a broken file is refused (400) with its row, column
 * and rule, recorded as a failed import (the screen's stale-data note says so) and changes nothing else. A good file
 * is stored with its job in one transaction and answered 'inProgress'; the job writes it. A dry run stops after the
 * check and answers what the import would change.
 */
export async function queueSvImport({ app, kind, fileName, bytes, actor, dryRun }: QueueSvImportProps): Promise<SvImport> {
  const knex = app.get('knex')
  let rows: number
  try {
    const read = await readSvFile(knex, kind, fileName, bytes)
    rows = read.rows.length
    if (dryRun) {
      const accounts = new Set(read.rows.map((row) => String(row.beitragskontonummer)))
      const existing = [...accounts].filter((number) => read.accounts.has(number)).length
      const preview = kind === 'accounts' ? { added: accounts.size - existing, changed: existing, replaced: 0 } : { added: 0, changed: 0, replaced: accounts.size }
      return { id: 0, kind, fileName, state: 'done', progress: 0, rows, problem: null, error: null, createdBy: actor.name, createdAt: new Date().toISOString(), finishedAt: null, preview }
    }
  } catch (error) {
    if (!(error instanceof SvImportError)) throw error
    // A check that finds a broken file records nothing: the data shown is as fresh as before.
    const failed = dryRun ? undefined : await insertSvImport(knex, { kind, fileName, actor, problem: error.problem })
    if (failed) app.service('sv-imports').emit('created', failed)
    const { row, column, rule, value } = error.problem
    throw badRequest(`Row ${row}, column "${column}": ${rule}`, 'admin:sv.errors.badFile', { row, column, rule, value, field: column, importId: failed?.id ?? 0 })
  }
  const created = await knex.transaction(async (trx) => {
    const entry = await insertSvImport(trx, { kind, fileName, actor, content: bytes, rows })
    await enqueueJob(trx, SV_IMPORT_JOB, { importId: entry.id }, { maxAttempts: 1 })
    return entry
  })
  app.service('sv-imports').emit('created', created)
  wakeSvImportWorkers(app)
  return created
}
