// npm run store:move -- --to s3|folder: the document files of this installation (DATA_DIR, S3_*) from the folder into
// the bucket or back, resumable (docs/storage-and-backup.md).
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '../packages/server/src/config'
import { moveDocumentFiles } from '../packages/server/src/operations/store-move'

const USAGE = 'usage: npm run store:move -- --to s3|folder   (DATA_DIR and the S3_* settings from the environment)'
const { values } = parseArgs({ options: { to: { type: 'string' } } })
if (values.to !== 's3' && values.to !== 'folder') {
  process.stderr.write(`${USAGE}\n`)
  process.exit(2)
}
try {
  const result = await moveDocumentFiles({ config: loadConfig(), env: process.env, to: values.to, say: (line) => process.stdout.write(`${line}\n`) })
  process.exit(result.failed.length === 0 ? 0 : 1)
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : (error as Error).message}\n`)
  process.exit(1)
}
