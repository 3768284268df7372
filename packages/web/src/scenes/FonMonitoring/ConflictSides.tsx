import { useTranslation } from 'react-i18next'
import type { FonItem } from '@portal/sdk/services'
import styles from './FonMonitoring.module.css'

/** Both sides of a mismatch: the field, the firm's value and FinanzOnline's, and what to do. */
export function ConflictSides({ item }: { item: FonItem }) {
  const { t } = useTranslation('fon')
  const { t: tDomain } = useTranslation('domain')
  if (!item.conflictKind) return null
  return (
    <dl className={styles.sides} data-testid="conflict-sides">
      <dt>{t('columns.conflict')}</dt>
      <dd>
        {tDomain(`quotaConflict.${item.conflictKind}`)}
        {item.conflictField ? ` · ${t(`field.${item.conflictField}`)}` : ''}
      </dd>
      <dt>{t('side.ntcs')}</dt>
      <dd data-testid="side-ntcs">{item.ntcsValue ?? t('side.none')}</dd>
      <dt>{t('side.fon')}</dt>
      <dd data-testid="side-fon">{item.fonValue ?? t('side.none')}</dd>
      <dt>{t('columns.action')}</dt>
      <dd>{t(`action.${item.action}`)}</dd>
    </dl>
  )
}
