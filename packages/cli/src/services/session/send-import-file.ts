import { openAsBlob } from 'node:fs'
import { basename } from 'node:path'
import { sendImportFile } from '@portal/sdk/client'
import type { ImportFileContracts, ImportFileService } from '@portal/sdk/services'
import type { CommandContext } from '../../context'
import { freshSession } from './fresh-tokens'
import { explainServerError } from './with-portal'

/** What sendLocalImportFile sends: the service, its create fields but the file, the file's path. */
export interface LocalImportFile<S extends ImportFileService> {
  service: S
  data: ImportFileContracts[S]['data']
  path: string
  /** The error to tell when the file cannot be read. */
  unreadable: (error: unknown) => Error
}

/**
 * Sends a local file through the import door with the stored session's identity token (renewed when it is about to
 * expire), read from disk as it goes (never whole in memory); a file over the service's limit is refused before it is
 * sent. A refusal is explained as every other server refusal of the CLI.
 */
export async function sendLocalImportFile<S extends ImportFileService>(ctx: CommandContext, props: LocalImportFile<S>): Promise<ImportFileContracts[S]['result']> {
  const file = await openAsBlob(props.path).catch((error: unknown) => {
    throw props.unreadable(error)
  })
  try {
    const session = await freshSession(ctx)
    return await sendImportFile({ server: ctx.server, token: session.idToken, service: props.service, data: props.data, file, fileName: basename(props.path) })
  } catch (error) {
    throw explainServerError(ctx, error)
  }
}
