import { InvalidArgumentError } from 'commander'
import { QUOTA_ITEM_STATES, type QuotaItemState } from '@portal/sdk/domain'
import { CliError } from '../../errors'
import type { Translate } from '../../i18n'

/** A quota item number from the command line, or a CliError naming it. */
export function fonItemId(raw: string | undefined): number {
  if (raw === undefined || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new CliError('fon:cli.badId', { id: raw ?? '' })
  return Number(raw)
}

/** Parses --year. */
export function yearOption(t: Translate) {
  return (value: string): number => {
    if (!/^\d{4}$/.test(value) || Number(value) < 2000 || Number(value) > 2100) throw new InvalidArgumentError(t('fon:cli.badYear', { value }))
    return Number(value)
  }
}

/** Parses --state (one of SPEC §4's quota item states). */
export function stateOption(t: Translate) {
  return (value: string): QuotaItemState => {
    if (!(QUOTA_ITEM_STATES as readonly string[]).includes(value)) throw new InvalidArgumentError(t('fon:cli.badState', { value, states: QUOTA_ITEM_STATES.join(', ') }))
    return value as QuotaItemState
  }
}
