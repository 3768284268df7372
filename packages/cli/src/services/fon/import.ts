import { basename } from 'node:path'
import type { PortalClient } from '@portal/sdk/client'
import type { FonImport, FonImportCreate } from '@portal/sdk/services'
import type { CommandContext } from '../../context'
import { CliError } from '../../errors'
import { sendLocalImportFile } from '../session/send-import-file'
import { withPortal } from '../session/with-portal'

/** The options of `portal fon import`. */
export interface ImportFonOptions {
  records?: string
  quota?: string
}

type Stream = NodeJS.WritableStream & { isTTY?: boolean }

/**
 * Uploads one file through the import door (any size up to its limit) and follows its job's `patched` events on the
 * socket (and its state, in case an event was missed) until it ends.
 */
async function importOne(ctx: CommandContext, client: PortalClient, kind: FonImportCreate['kind'], path: string): Promise<FonImport> {
  const fileName = basename(path)
  const send = (dryRun?: boolean) =>
    sendLocalImportFile(ctx, {
      service: 'fon-imports',
      data: dryRun ? { kind, dryRun } : { kind },
      path,
      unreadable: () => new CliError('errors.usage', { message: ctx.t('fon:cli.unreadable', { file: path }) }),
    })
  const stderr = ctx.io.stderr as Stream
  const label = ctx.t('fon:cli.importing', { file: fileName })
  let lastShown = -1
  const show = (progress: number) => {
    if (ctx.json || progress === lastShown) return
    lastShown = progress
    // A terminal redraws one line; a log gets a line per quarter.
    if (stderr.isTTY) stderr.write(`\r${label} ${String(progress).padStart(3)} %`)
    else if (progress % 25 === 0 || progress === 100) stderr.write(`${label} ${progress} %\n`)
  }
  const service = client.service('fon-imports')
  if (ctx.dryRun) return previewOne(ctx, fileName, await send(true))
  let id: number | undefined
  let resolveEnd: (entry: FonImport) => void = () => undefined
  const ended = new Promise<FonImport>((resolve) => (resolveEnd = resolve))
  const onPatched = (entry: FonImport) => {
    if (entry.id !== id) return
    show(entry.progress)
    if (entry.state !== 'inProgress') resolveEnd(entry)
  }
  service.on('patched', onPatched)
  try {
    const created = await send()
    id = created.id
    show(0)
    const poll = setInterval(() => {
      void service.get(created.id).then((entry) => entry.state !== 'inProgress' && resolveEnd(entry), () => undefined)
    }, 2000)
    const done = await ended.finally(() => clearInterval(poll))
    show(100)
    if (stderr.isTTY && !ctx.json) stderr.write('\n')
    if (done.state === 'failed') throw new CliError('errors.server', { message: ctx.t(done.error ?? 'fon:errors.jobFailed') })
    ctx.status(ctx.t('fon:cli.imported', { file: fileName, rows: done.rows }))
    return done
  } finally {
    service.removeListener('patched', onPatched)
  }
}

/** `--dry-run`: the file is checked and what it would change is told; nothing is imported. */
function previewOne(ctx: CommandContext, fileName: string, answer: FonImport): FonImport {
  const preview = answer.preview!
  const { t } = ctx
  ctx.status(t('fon:cli.preview', { file: fileName, rows: answer.rows, items: preview.items, changed: preview.changed, removed: preview.removed }))
  if (!preview.reconciles) ctx.status(t('fon:cli.previewOneSide'))
  for (const [state, count] of Object.entries(preview.states)) ctx.status(`  ${t(`domain:quotaState.${state}`)}: ${count}`)
  return answer
}

/**
 * `portal fon import --records FILE --quota FILE`: uploads the firm's records and/or the FinanzOnline quota list
 * (CSV or XLSX) and shows each job's progress; a broken file is refused with its row, column and rule.
 */
export async function importFon(ctx: CommandContext, options: ImportFonOptions): Promise<void> {
  if (!options.records && !options.quota) throw new CliError('errors.usage', { message: ctx.t('fon:cli.needFile') })
  const results = await withPortal(ctx, async (client) => {
    const done: FonImport[] = []
    if (options.records) done.push(await importOne(ctx, client, 'records', options.records))
    if (options.quota) done.push(await importOne(ctx, client, 'quota', options.quota))
    return done
  })
  if (ctx.json) ctx.printJson(results)
}
