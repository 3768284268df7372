import type { Command } from 'commander'
import { examples, type CommandEnv } from '../env'
import { scannerId } from './options'

/** `portal scanners activate ID` and `portal scanners deactivate ID`. */
export function registerScannersActivation(scanners: Command, env: CommandEnv): void {
  const { t } = env
  for (const activated of [true, false]) {
    const verb = activated ? 'activate' : 'deactivate'
    scanners
      .command(verb)
      .description(t(`scanners:cli.commands.${verb}`))
      .argument('<id>', t('scanners:cli.options.id'))
      .addHelpText('after', examples(t, [`portal scanners ${verb} 3`]))
      .action(env.action((ctx, command) => env.services.setScannerActivated(ctx, scannerId(command.args[0]), activated)))
  }
}
