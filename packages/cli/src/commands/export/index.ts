import type { Command } from 'commander'
import type { CommandEnv } from '../env'
import { registerExportBatchVerbs } from './batch-verbs'
import { registerExportCreate } from './create'
import { registerExportList } from './list'
import { registerExportResult } from './result'

/** The `export` noun and its verbs: create, list, download, mark-imported, revoke, result. */
export function registerExport(program: Command, env: CommandEnv): void {
  const exportCommand = program.command('export').description(env.t('erp:cli.commands.export'))
  registerExportCreate(exportCommand, env)
  registerExportList(exportCommand, env)
  registerExportBatchVerbs(exportCommand, env)
  registerExportResult(exportCommand, env)
}
