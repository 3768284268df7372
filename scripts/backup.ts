// npm run backup -- DIR: a consistent backup of this installation's database and document files while it runs
// (docs/storage-and-backup.md). DATA_DIR, DATABASE_URL/DATABASE_SCHEMA and DOCUMENT_STORE/S3_* from the environment.
import { loadConfig } from '../packages/server/src/config'
import { backupInstallation } from '../packages/server/src/operations/backup'

const dir = process.argv.slice(2).find((arg) => arg !== '--')
if (!dir) {
  process.stderr.write('usage: npm run backup -- DIR\n')
  process.exit(2)
}
try {
  await backupInstallation({ config: loadConfig(), dir, say: (line) => process.stdout.write(`${line}\n`) })
  process.exit(0)
} catch (error) {
  process.stderr.write(`Backup failed: ${(error as Error).message}\n`)
  process.exit(1)
}
