import type { Command } from 'commander'
import { examples, type CommandEnv } from '../env'
import type { ImportFonOptions } from '../../services/fon/import'

/** `portal fon import --records FILE --quota FILE`. */
export function registerFonImport(fon: Command, env: CommandEnv): void {
  const { t } = env
  fon
    .command('import')
    .description(t('fon:cli.import'))
    .option('--records <file>', t('fon:cli.optRecords'))
    .option('--quota <file>', t('fon:cli.optQuota'))
    .addHelpText('after', examples(t, ['portal fon import --records ntcs-export.csv --quota quotenliste.xlsx']))
    .action(env.action((ctx, command) => env.services.importFon(ctx, command.opts<ImportFonOptions>())))
}
