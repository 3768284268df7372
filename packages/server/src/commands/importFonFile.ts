import type { FonImport } from '@portal/sdk/services'
import type { FonQuotaRow, NtcsRecord } from '@portal/sdk/domain'
import type { Application } from '../declarations'
import { appendAudit } from '../models/audit-log'
import { parseFonFile } from '../fon/read-file'
import { fonImportFile, finishFonImport, hasDoneFonImport, loadFonImport } from '../models/fon-imports'
import { replaceFonQuotaRows, replaceFonRecords } from '../models/fon-sides'
import { reconcileFon } from './reconcileFon'

/** Props of importFonFile. */
export interface ImportFonFileProps {
  app: Application
  importId: number
}

/** The advisory lock key that serializes FON imports (any fixed number no other lock uses). */
const FON_IMPORT_LOCK = 150_134

/** Shares of the progress bar: reading the file, writing the side, reconciling. */
const READ = 20
const WRITE = 50

/**
 * The import job's work: reads the stored file, replaces its side (the firm's records or the FON quota list) and,
 * once both sides are there, reconciles the items, and appends the audit entry (who, which file, how many rows) — all in
 * one transaction, so a failure anywhere changes nothing.
 * Progress goes to every administrator as `patched` events on fon-imports; the import ends done with its row count.
 */
export async function importFonFile(props: ImportFonFileProps): Promise<FonImport | undefined> {
  const { app, importId } = props
  const knex = app.get('knex')
  const file = await fonImportFile(knex, importId)
  const entry = await loadFonImport(knex, importId)
  if (!file || !entry) return undefined
  let shown = -1
  const progress = (percent: number) => {
    const rounded = Math.max(0, Math.min(99, Math.round(percent)))
    // Whole steps only: a few dozen events, not one per batch.
    if (rounded <= shown) return
    shown = rounded
    app.service('fon-imports').emit('patched', { ...entry, progress: rounded })
  }
  progress(1)
  const parsed = await parseFonFile(file.kind, file.fileName, file.content)
  progress(READ)
  const otherKind = file.kind === 'records' ? 'quota' : 'records'
  const otherDone = await hasDoneFonImport(knex, otherKind)
  const done = await knex.transaction(async (trx) => {
    // One import at a time across every server process: each replaces a side and reconciles every item.
    await trx.raw('select pg_advisory_xact_lock(?)', [FON_IMPORT_LOCK])
    const onBatch = (written: number) => progress(READ + ((WRITE - READ) * written) / Math.max(1, parsed.length))
    if (file.kind === 'records') await replaceFonRecords(trx, parsed as NtcsRecord[], onBatch)
    else await replaceFonQuotaRows(trx, parsed as FonQuotaRow[], onBatch)
    progress(WRITE)
    if (otherDone) await reconcileFon({ trx, actor: file.actor, onProgress: (fraction) => progress(WRITE + (100 - WRITE) * fraction) })
    await appendAudit(trx, [{ actor: file.actor, action: `fonImport.${file.kind}`, entity: 'fonImport', targetId: String(importId), targetLabel: file.fileName, after: { rows: parsed.length } }])
    return finishFonImport(trx, importId, { state: 'done', rows: parsed.length })
  })
  if (done) app.service('fon-imports').emit('patched', done)
  return done
}
