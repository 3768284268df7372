import type { SvImport } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { appendAudit } from '../models/audit-log'
import { replaceSvChildren, writeSvAccounts } from '../models/sv-accounts'
import { finishSvImport, loadSvImport, svImportFile } from '../models/sv-imports'
import { readSvFile } from '../sv/read-sv-file'

/** Props of importSvFile. */
export interface ImportSvFileProps {
  app: Application
  importId: number
}

/** The advisory lock key that serializes contribution-account imports. */
const SV_IMPORT_LOCK = 210_021

/**
 * The import job's work: reads the stored file again (the accounts may have changed since it was queued), then in
 * one transaction upserts the accounts, or replaces the transactions or authorizations of the accounts it names, and
 * appends the audit entry — so a failure anywhere changes nothing. Progress goes out as `patched` events.
 */
export async function importSvFile({ app, importId }: ImportSvFileProps): Promise<SvImport | undefined> {
  const knex = app.get('knex')
  const file = await svImportFile(knex, importId)
  const entry = await loadSvImport(knex, importId)
  if (!file || !entry) return undefined
  const progress = (value: number) => app.service('sv-imports').emit('patched', { ...entry, progress: value })
  progress(5)
  const { rows, accounts } = await readSvFile(knex, file.kind, file.fileName, file.content)
  progress(40)
  const done = await knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [SV_IMPORT_LOCK])
    if (file.kind === 'accounts') await writeSvAccounts(trx, rows)
    else await replaceSvChildren(trx, file.kind, rows, accounts)
    progress(90)
    await appendAudit(trx, [{ actor: file.actor, action: `svImport.${file.kind}`, entity: 'svImport', targetId: String(importId), targetLabel: file.fileName, after: { rows: rows.length } }])
    return finishSvImport(trx, importId, { state: 'done', rows: rows.length })
  })
  if (done) app.service('sv-imports').emit('patched', done)
  return done
}
