import { InvalidArgumentError } from 'commander'
import { ERP_BATCH_STATUSES, ERP_EXPORT_FORMATS } from '@portal/sdk/domain'
import { CliError } from '../../errors'
import type { Translate } from '../../i18n'

/** Parses a company number option, or says which value is not one. */
export function clientOption(t: Translate) {
  return (value: string): number => {
    if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw new InvalidArgumentError(t('errors.badClient', { client: value }))
    return Number(value)
  }
}

/** Parses --period YYYY-MM. */
export function periodOption(t: Translate) {
  return (value: string): string => {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) throw new InvalidArgumentError(t('erp:cli.badPeriod', { value }))
    return value
  }
}

/** Parses --from / --to YYYY-MM-DD (a real calendar day). */
export function dateOption(t: Translate) {
  return (value: string): string => {
    const valid = /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value
    if (!valid) throw new InvalidArgumentError(t('erp:cli.badDate', { value }))
    return value
  }
}

/** The choices of --format and --status. */
export const FORMAT_CHOICES = [...ERP_EXPORT_FORMATS]
export const STATUS_CHOICES = [...ERP_BATCH_STATUSES]

/** A batch number from the command line, or a CliError naming it. */
export function batchId(raw: string | undefined): number {
  if (raw === undefined || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new CliError('erp:cli.badBatch', { id: raw ?? '' })
  return Number(raw)
}
