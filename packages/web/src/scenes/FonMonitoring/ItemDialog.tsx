import { dateFormat } from '@portal/sdk/i18n'
import { useEffect, useState } from 'react'
import { Button, Dialog } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { isResolvable } from '@portal/sdk/domain'
import type { FonItem } from '@portal/sdk/services'
import { Loading } from '../../components/Loading/Loading'
import { useSession } from '../../hooks/useSession'
import { ConflictSides } from './ConflictSides'
import styles from './FonMonitoring.module.css'

/** Props of ItemDialog. */
export interface ItemDialogProps {
  item: FonItem
  language: string
  onResolve: (item: FonItem) => void
  onReopen: (item: FonItem) => void
  onClose: () => void
  onError: (error: unknown) => void
}

/** One item: both sides of its mismatch, the resolution (who, when, remark) and its history, newest first. */
export function ItemDialog({ item, language, onResolve, onReopen, onClose, onError }: ItemDialogProps) {
  const { t } = useTranslation('fon')
  const { t: tDomain } = useTranslation('domain')
  const { client } = useSession()
  const [full, setFull] = useState<FonItem | null>(null)
  useEffect(() => {
    // Read again whenever the listed item changes (a colleague's resolution arrives live).
    client.service('fon-items').get(item.id).then(setFull, onError)
  }, [client, item.id, item.version, onError])
  const when = dateFormat(language, { dateStyle: 'short', timeStyle: 'short' })
  const shown = full ?? item
  return (
    <Dialog title={shown.name} subtitle={`${shown.taxId} · ${t(`returnType.${shown.returnType}`)} ${shown.year} · ${tDomain(`quotaState.${shown.state}`)}`} onClose={onClose} width="large">
      <div className={styles.form} data-testid="item-dialog">
        <ConflictSides item={shown} />
        {shown.remark ? (
          <p data-testid="item-resolution">
            {t('resolve.by', { name: shown.resolvedBy ?? '', at: shown.resolvedAt ? when.format(new Date(shown.resolvedAt)) : '' })}: {shown.remark}
          </p>
        ) : null}
        <h3 className={styles.subheading}>{t('history.title')}</h3>
        {!full ? (
          <Loading label={t('table.loading')} />
        ) : full.history?.length ? (
          <ol className={styles.history} data-testid="item-history">
            {full.history.map((entry, index) => (
              <li key={index}>
                <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>{' '}
                {entry.action === 'reconciled'
                  ? t('history.reconciled', { to: tDomain(`quotaState.${entry.toState}`) })
                  : t(`history.${entry.action}`, { name: entry.actorName ?? '' })}
                {entry.remark ? <q className={styles.remark}>{entry.remark}</q> : null}
              </li>
            ))}
          </ol>
        ) : (
          <p>{t('history.empty')}</p>
        )}
        <div className={styles.dialogButtons}>
          {isResolvable(shown.state) ? (
            <Button variant="primary" onClick={() => onResolve(shown)}>
              {t('resolve.button')}
            </Button>
          ) : null}
          {shown.state === 'resolvedManually' ? <Button onClick={() => onReopen(shown)}>{t('resolve.reopen')}</Button> : null}
          <Button onClick={onClose}>{t('resolve.cancel')}</Button>
        </div>
      </div>
    </Dialog>
  )
}
