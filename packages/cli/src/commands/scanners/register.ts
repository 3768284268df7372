import type { Command } from 'commander'
import { examples, type CommandEnv } from '../env'
import { companyOption } from './options'

/** `portal scanners register --location L --company N [--user EMAIL …]`: prints the token once. */
export function registerScannersRegister(scanners: Command, env: CommandEnv): void {
  const { t } = env
  scanners
    .command('register')
    .description(t('scanners:cli.commands.register'))
    .requiredOption('-l, --location <location>', t('scanners:cli.options.location'))
    .requiredOption('-c, --company <number>', t('scanners:cli.options.company'), companyOption(t))
    .option('-u, --user <email>', t('scanners:cli.options.user'), (value: string, list: string[]) => [...list, value], [] as string[])
    .addHelpText(
      'after',
      examples(t, [
        'portal scanners register --location "Empfang" --company 1001',
        'portal scanners register --location "Empfang" --company 1001 --user staff@demo.portal',
        'TOKEN=$(portal scanners register --location "Empfang" --company 1001)',
        'portal scanners register --location "Empfang" --company 1001 --json',
      ]),
    )
    .action(
      env.action((ctx, command) => {
        const options = command.opts<{ location: string; company: number; user: string[] }>()
        return env.services.registerScanner(ctx, options)
      }),
    )
}
