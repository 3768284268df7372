import { erpExportHttpPaths } from '@portal/sdk/services'
import type { CommandContext } from '../../context'
import { saveHttpFile } from '../session/save-http-file'

/** Fetches a batch's ZIP over the HTTP door with the identity token and saves it to `output`; answers the path and size. */
export async function saveBatchZip(ctx: CommandContext, id: number, output: string): Promise<{ file: string; size: number }> {
  return saveHttpFile(ctx, erpExportHttpPaths.download(id), output, 'erp:cli.unwritableFile')
}

/** `portal export download BATCH [-o FILE]`: saves a kept batch's ZIP again. */
export async function downloadExport(ctx: CommandContext, id: number, output: string | undefined): Promise<void> {
  const name = output ?? `export-${id}.zip`
  const saved = await saveBatchZip(ctx, id, name)
  if (ctx.json) ctx.printJson({ id, ...saved })
  else ctx.status(ctx.t('erp:cli.saved', { id, ...saved }))
}
