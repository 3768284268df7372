import type { Command } from 'commander'
import { examples, type CommandEnv } from '../env'
import { registerFonImport } from './import'
import { registerFonList } from './list'
import { registerFonResolve } from './resolve'
import { registerFonShow } from './show'
import { yearOption } from './options'

/** The `fon` noun (administrators): the FinanzOnline quota monitoring. */
export function registerFon(program: Command, env: CommandEnv): void {
  const { t } = env
  const fon = program.command('fon').description(t('fon:cli.description'))
  registerFonList(fon, env)
  registerFonShow(fon, env)
  registerFonResolve(fon, env)
  registerFonImport(fon, env)
  fon
    .command('status')
    .description(t('fon:cli.status'))
    .option('--year <year>', t('fon:cli.optYear'), yearOption(t))
    .addHelpText('after', examples(t, ['portal fon status', 'portal fon status --year 2025 --json']))
    .action(env.action((ctx, command) => env.services.fonStatus(ctx, command.opts<{ year?: number }>())))
  fon
    .command('conflicts')
    .description(t('fon:cli.conflicts'))
    .action(env.action((ctx) => env.services.fonConflicts(ctx)))
}
