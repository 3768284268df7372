import type { FonItem } from '@portal/sdk/services'
import type { Translate } from '../../i18n'

/** How a quota item's values read in the terminal, in the user's language. */
export function stateText(t: Translate, item: Pick<FonItem, 'state' | 'conflictKind'>): string {
  const state = t(`domain:quotaState.${item.state}`)
  return item.conflictKind && item.state !== 'submitted' ? `${state} (${t(`domain:quotaConflict.${item.conflictKind}`)})` : state
}

/** A conflict's value of one side, or "none". */
export function sideValue(t: Translate, value: string | null): string {
  return value ?? t('fon:side.none')
}

/** The field the two sides disagree on. */
export function conflictFieldText(t: Translate, field: string | null): string {
  return field ? t(`fon:field.${field}`) : ''
}
