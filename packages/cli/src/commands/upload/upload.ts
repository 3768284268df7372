import { InvalidArgumentError, Option, type Command } from 'commander'
import { examples, type CommandEnv } from '../env'
import { DEFAULT_UPLOAD_TYPE, UPLOAD_TYPES } from '@portal/sdk/domain'
import type { UploadOptions } from '../../services/upload/upload'
import { CliError } from '../../errors'

function companyNo(env: CommandEnv) {
  return (value: string): number => {
    if (!/^\d{1,9}$/.test(value) || Number(value) < 1) {
      throw new InvalidArgumentError(env.t('errors.badClient', { client: value }))
    }
    return Number(value)
  }
}

function positive(value: string): number {
  const number = Number(value)
  if (!Number.isInteger(number) || number < 1 || number > 16) throw new InvalidArgumentError('1-16')
  return number
}

/** `portal upload <paths…> --client N [--type er_u] [--recursive]`: send documents to a company. */
export function registerUpload(program: Command, env: CommandEnv): void {
  const { t } = env
  program
    .command('upload')
    .description(t('commands.upload'))
    .argument('<paths...>', t('upload.files'))
    .option('-c, --client <number>', t('upload.client'), companyNo(env))
    .option('--scanner-token <token>', t('scanners:cli.options.scannerToken'))
    .addOption(
      new Option('-t, --type <type>', t('upload.type', { types: UPLOAD_TYPES.join(', '), fallback: DEFAULT_UPLOAD_TYPE }))
        .choices(UPLOAD_TYPES)
        .default(DEFAULT_UPLOAD_TYPE),
    )
    .option('-r, --recursive', t('upload.recursive'), false)
    .option('-w, --watch', t('upload.watch'), false)
    .option('--concurrency <n>', t('upload.concurrency', { fallback: 3 }), positive, 3)
    .addHelpText(
      'after',
      examples(t, [
        'portal upload scan.pdf --client 1001',
        'portal upload ./scans --client 1001 --type ar_u --recursive',
        'portal upload ./scans --client 1001 --json > result.json',
        'portal upload /srv/scanner/inbox --client 1001 --watch',
        'PORTAL_SCANNER_TOKEN=pst_… portal upload /srv/scanner/inbox --watch',
      ]),
    )
    .action(
      env.action((ctx, command) => {
        const options = command.opts<Omit<UploadOptions, 'paths'>>()
        // A person names the company; a scanner's token names it for them.
        if (options.client === undefined && !options.scannerToken && !ctx.io.env.PORTAL_SCANNER_TOKEN) throw new CliError('scanners:cli.clientRequired')
        return env.services.upload(ctx, { ...options, paths: command.args })
      }),
    )
}
