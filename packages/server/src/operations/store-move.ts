import { join } from 'node:path'
import type { ServerConfig } from '../config'
import { copyStoreFiles, megabytes, type CopyProgress } from '../documents/copy-files'
import { S3DocumentStore } from '../documents/s3-store'
import { s3Settings } from '../documents/store-config'
import { FileDocumentStore, type DocumentStore } from '../documents/store'

/** Props of moveDocumentFiles. */
export interface MoveProps {
  config: ServerConfig
  env: NodeJS.ProcessEnv
  /** Where the files go: into the bucket (from the folder) or into the folder (from the bucket). */
  to: 's3' | 'folder'
  /** A line of progress (at most one a second, and the last). */
  say: (line: string) => void
}

/**
 * `npm run store:move -- --to s3|folder`: copies an installation's document files from the folder DATA_DIR/documents
 * into the S3 bucket of the S3_* settings, or back, by their hashes. Resumable: what the target holds is skipped, and
 * a copy killed mid-file leaves no file at its address (only a temporary the next start sweeps). The source is kept;
 * the server uses the target once DOCUMENT_STORE says so.
 */
export async function moveDocumentFiles(props: MoveProps): Promise<CopyProgress> {
  const local = join(props.config.dataDir, 'documents')
  const folder = new FileDocumentStore(local)
  const bucket = new S3DocumentStore(s3Settings(props.env), local)
  try {
    await bucket.check()
    const [from, to]: DocumentStore[] = props.to === 's3' ? [folder, bucket] : [bucket, folder]
    props.say(`Copying the document files from ${from.location} to ${to.location} …`)
    let said = 0
    const line = (p: CopyProgress) => `${p.copied} copied (${megabytes(p.bytes)}), ${p.skipped} already there${p.failed.length ? `, ${p.failed.length} failed` : ''}`
    const result = await copyStoreFiles({
      from,
      to,
      progress: (p) => {
        if (Date.now() - said < 1000) return
        said = Date.now()
        props.say(line(p))
      },
    })
    props.say(`Done: ${line(result)}.`)
    for (const failure of result.failed) props.say(`  ${failure.sha256}: ${failure.reason}`)
    if (result.failed.length === 0) props.say(`Every file is in ${to.location}. Set DOCUMENT_STORE=${props.to} and restart the portal; ${from.location} is kept until you remove it.`)
    return result
  } finally {
    await bucket.close()
  }
}
