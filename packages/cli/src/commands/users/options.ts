import { Option, type Command } from 'commander'
import type { Translate } from '../../i18n'
import { clientOption as companyOption } from '../export/options'

function collect<T>(parse: (value: string) => T) {
  return (value: string, previous: T[] = []) => [...previous, parse(value)]
}

/** The flags create and edit share: names, permissions, client access (lists repeat: --add-permission doc --add-permission rep). */
export function userFlags(command: Command, t: Translate): Command {
  const client = companyOption(t)
  return command
    .option('--first <name>', t('users:cli.options.first'))
    .option('--last <name>', t('users:cli.options.last'))
    .option('--add-permission <code>', t('users:cli.options.addPermission'), collect((value) => value.trim().toLowerCase()))
    .option('--remove-permission <code>', t('users:cli.options.removePermission'), collect((value) => value.trim().toLowerCase()))
    .option('--add-client <number>', t('users:cli.options.addClient'), collect(client))
    .option('--remove-client <number>', t('users:cli.options.removeClient'), collect(client))
    .addOption(new Option('--all-clients', t('users:cli.options.allClients')).conflicts('assignedClients'))
    .option('--assigned-clients', t('users:cli.options.assignedClients'))
    .option('--exclude-client <number>', t('users:cli.options.excludeClient'), collect(client))
}
