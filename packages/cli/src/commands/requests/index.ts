import { InvalidArgumentError, type Command } from 'commander'
import { REQUEST_STATUSES, UPLOAD_TYPES, type UploadType } from '@portal/sdk/domain'
import { CliError } from '../../errors'
import { examples, type CommandEnv } from '../env'
import { companyOption } from '../scanners/options'
import type { AnswerRequestOptions } from '../../services/requests/answer'
import type { ListRequestsOptions } from '../../services/requests/list'

/** A request number from the command line, or a CliError naming it. */
function requestId(raw: string | undefined): number {
  if (raw === undefined || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new CliError('requests:cli.badId', { id: raw ?? '' })
  return Number(raw)
}

/** The `requests` noun (issue 34): `portal requests list|answer|close`. */
export function registerRequests(program: Command, env: CommandEnv): void {
  const { t } = env
  const requests = program.command('requests').description(t('requests:cli.description'))
  requests
    .command('list')
    .alias('ls')
    .description(t('requests:cli.list'))
    .option('-c, --client <number>', t('requests:cli.client'), companyOption(t))
    .option('-s, --status <status>', t('requests:cli.status'), (value: string) => {
      if (value !== 'all' && !(REQUEST_STATUSES as readonly string[]).includes(value)) throw new InvalidArgumentError(t('requests:cli.badStatus', { status: value }))
      return value
    })
    .addHelpText('after', examples(t, ['portal requests list', 'portal requests list --client 1002 --status all --json']))
    .action(env.action((ctx, command) => env.services.listRequests(ctx, command.opts<ListRequestsOptions>())))
  requests
    .command('answer')
    .description(t('requests:cli.answer'))
    .argument('<id>', t('requests:cli.id'))
    .option('--text <text>', t('requests:cli.text'))
    .option('--file <path>', t('requests:cli.file'))
    .option('--type <type>', t('requests:cli.type'), (value: string) => {
      if (!(UPLOAD_TYPES as readonly string[]).includes(value)) throw new InvalidArgumentError(t('errors.badType', { type: value, types: UPLOAD_TYPES.join(', ') }))
      return value as UploadType
    })
    .option('--document <number>', t('requests:cli.document'), (value: string) => requestId(value))
    .addHelpText('after', examples(t, ['portal requests answer 12 --text "Liegt in der Post."', 'portal requests answer 12 --file beleg.pdf --json']))
    .action(env.action((ctx, command) => env.services.answerRequest(ctx, requestId(command.args[0]), command.opts<AnswerRequestOptions>())))
  requests
    .command('close')
    .description(t('requests:cli.close'))
    .argument('<id>', t('requests:cli.id'))
    .addHelpText('after', examples(t, ['portal requests close 12']))
    .action(env.action((ctx, command) => env.services.closeRequest(ctx, requestId(command.args[0]))))
}
