import { writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { CommandContext } from '../../context'
import { CliError } from '../../errors'
import { freshSession } from './fresh-tokens'
import { toCliError } from './server-errors'

/**
 * Fetches a file from one of the server's HTTP doors (`path`) with the identity token and saves it to `output`; a
 * refusal the server explains is told in the user's language. Answers the path and size.
 */
export async function saveHttpFile(ctx: CommandContext, path: string, output: string, unwritableKey: string): Promise<{ file: string; size: number }> {
  const session = await freshSession(ctx)
  let bytes: Buffer
  try {
    const response = await fetch(`${ctx.server}${path}`, { headers: { authorization: `Bearer ${session.idToken}` } })
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
    throw new CliError(unwritableKey, { file, message: (error as Error).message })
  }
  return { file, size: bytes.byteLength }
}
