import { writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { erpExportHttpPaths } from '@portal/sdk/services'
import type { CommandContext } from '../../context'
import { CliError } from '../../errors'
import { freshSession } from '../session/fresh-tokens'
import { toCliError } from '../session/server-errors'

/** Fetches a batch's ZIP over the HTTP door with the identity token and saves it to `output`; answers the path and size. */
export async function saveBatchZip(ctx: CommandContext, id: number, output: string): Promise<{ file: string; size: number }> {
  const session = await freshSession(ctx)
  let bytes: Buffer
  try {
    const response = await fetch(`${ctx.server}${erpExportHttpPaths.download(id)}`, { headers: { authorization: `Bearer ${session.idToken}` } })
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { code?: number; message?: string; data?: { key?: string; params?: Record<string, unknown> } }
      if (response.status !== 401 && body.data?.key) {
        throw new CliError('errors.server', { message: ctx.t(body.data.key, { ...body.data.params, defaultValue: body.message }) })
      }
      throw toCliError({ code: response.status, message: body.message ?? response.statusText }, ctx.server)
    }
    bytes = Buffer.from(await response.arrayBuffer())
  } catch (error) {
    throw toCliError(error, ctx.server)
  }
  const file = resolve(output)
  try {
    await writeFile(file, bytes)
  } catch (error) {
    throw new CliError('erp:cli.unwritableFile', { file, message: (error as Error).message })
  }
  return { file, size: bytes.byteLength }
}

/** `portal export download BATCH [-o FILE]`: saves a kept batch's ZIP again. */
export async function downloadExport(ctx: CommandContext, id: number, output: string | undefined): Promise<void> {
  const name = output ?? `export-${id}.zip`
  const saved = await saveBatchZip(ctx, id, name)
  if (ctx.json) ctx.printJson({ id, ...saved })
  else ctx.status(ctx.t('erp:cli.saved', { id, ...saved }))
}
