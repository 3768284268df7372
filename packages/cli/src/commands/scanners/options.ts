import { InvalidArgumentError } from 'commander'
import { CliError } from '../../errors'
import type { Translate } from '../../i18n'

/** Parses a company number option, or says which value is not one. */
export function companyOption(t: Translate) {
  return (value: string): number => {
    if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw new InvalidArgumentError(t('errors.badClient', { client: value }))
    return Number(value)
  }
}

/** A scanner number from the command line, or a CliError naming it. */
export function scannerId(raw: string | undefined): number {
  if (raw === undefined || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new CliError('scanners:cli.badId', { id: raw ?? '' })
  return Number(raw)
}
