import { InvalidArgumentError, type Command } from 'commander'
import { examples, type CommandEnv } from '../env'
import type { BankImportOptions } from '../../services/bank/import'

/** The `bank` noun (adm or ban): `portal bank import FILE --client N [--account IBAN]`. */
export function registerBank(program: Command, env: CommandEnv): void {
  const { t } = env
  const bank = program.command('bank').description(t('banking:cli.description'))
  bank
    .command('import')
    .description(t('banking:cli.import'))
    .argument('<file>', t('banking:cli.file'))
    .requiredOption('-c, --client <number>', t('banking:cli.client'), (value: string): number => {
      if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw new InvalidArgumentError(t('errors.badClient', { client: value }))
      return Number(value)
    })
    .addHelpText('after', examples(t, ['portal bank import kontoauszug.xml --client 1001', 'portal bank import umsaetze.sta --client 1001 --json']))
    .action(env.action((ctx, command) => env.services.importBankStatement(ctx, { ...command.opts<Omit<BankImportOptions, 'file'>>(), file: command.args[0] })))
}
