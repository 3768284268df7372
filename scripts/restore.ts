// npm run restore -- DIR: a backup into this environment's empty database and document store; refuses a non-empty
// one (docs/storage-and-backup.md).
import { loadConfig } from '../packages/server/src/config'
import { restoreInstallation } from '../packages/server/src/operations/restore'

const dir = process.argv.slice(2).find((arg) => arg !== '--')
if (!dir) {
  process.stderr.write('usage: npm run restore -- DIR\n')
  process.exit(2)
}
try {
  await restoreInstallation({ config: loadConfig(), dir, say: (line) => process.stdout.write(`${line}\n`) })
  process.exit(0)
} catch (error) {
  process.stderr.write(`Restore refused: ${(error as Error).message}\n`)
  process.exit(1)
}
