import type { Command } from 'commander'
import { examples, type CommandEnv } from '../env'
import { scannerId } from './options'

/** `portal scanners rotate ID` (new token, printed once) and `portal scanners revoke ID`. */
export function registerScannersTokens(scanners: Command, env: CommandEnv): void {
  const { t } = env
  scanners
    .command('rotate')
    .description(t('scanners:cli.commands.rotate'))
    .argument('<id>', t('scanners:cli.options.id'))
    .addHelpText('after', examples(t, ['portal scanners rotate 3']))
    .action(env.action((ctx, command) => env.services.rotateScanner(ctx, scannerId(command.args[0]))))
  scanners
    .command('revoke')
    .description(t('scanners:cli.commands.revoke'))
    .argument('<id>', t('scanners:cli.options.id'))
    .addHelpText('after', examples(t, ['portal scanners revoke 3']))
    .action(env.action((ctx, command) => env.services.revokeScanner(ctx, scannerId(command.args[0]))))
}
