import { dateFormat } from '@portal/sdk/i18n'
import { useMemo, useState } from 'react'
import { Button } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { createLiveQuery, type PortalClient } from '@portal/sdk/client'
import type { AuditEntry, AuditLogQuery } from '@portal/sdk/services'
import { Loading } from '../../components/Loading/Loading'
import { useLiveQuery } from '../../hooks/useLiveQuery'
import { auditChangeLines } from './userCells'
import styles from './UserAdmin.module.css'

/** Entries per page of the audit log. */
export const AUDIT_PAGE_SIZE = 50

/** Props of AuditLog. */
export interface AuditLogProps {
  client: PortalClient
  language: string
  onError: (error: unknown) => void
}

/**
 * The audit log (kca): who changed what for whom and when, newest first, with the changed values before and after.
 * Found again whenever a user changes, so an administrator's change shows here at once.
 */
export function AuditLog({ client, language, onError }: AuditLogProps) {
  const { t } = useTranslation('users')
  const [page, setPage] = useState(0)
  const live = useMemo(
    () =>
      createLiveQuery<AuditEntry, AuditLogQuery>(client.service('audit-log'), { $limit: AUDIT_PAGE_SIZE, $skip: page * AUDIT_PAGE_SIZE }, {
        mode: 'refetch',
        debounceMs: 300,
        watch: [client.service('users')],
        reconnects: client.socket.io,
      }),
    [client, page],
  )
  const state = useLiveQuery(live, onError)
  const when = dateFormat(language, { dateStyle: 'medium', timeStyle: 'medium' })
  if (!state || (state.loading && state.items.length === 0)) return <Loading label={t('screen.auditLoading')} />
  if (state.items.length === 0) return <p className={styles.empty}>{t('screen.auditEmpty')}</p>
  const from = page * AUDIT_PAGE_SIZE + 1
  const to = page * AUDIT_PAGE_SIZE + state.items.length
  return (
    <div data-testid="audit-log">
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className={styles.visuallyHidden}>{t('screen.auditCaption')}</caption>
          <thead>
            <tr>
              {(['at', 'actor', 'action', 'target', 'changes'] as const).map((column) => (
                <th key={column} scope="col">
                  {t(`screen.auditColumns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {state.items.map((entry) => (
              <tr key={entry.id} data-testid="audit-entry" data-action={entry.action}>
                <td>
                  <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
                </td>
                <td>{entry.actorName ?? entry.actorId ?? '–'}</td>
                <td>{t(`audit.action.${entry.action}` as 'audit.title', { defaultValue: entry.action })}</td>
                <th scope="row">{entry.targetLabel ?? entry.targetId}</th>
                <td>
                  <ul className={styles.auditChanges}>
                    {auditChangeLines(entry.before, entry.after).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.pager}>
        <span className={styles.muted}>{t('screen.paging.shown', { from, to, total: state.total })}</span>
        <Button size="small" disabled={page === 0} onClick={() => setPage((current) => current - 1)}>
          {t('screen.paging.previous')}
        </Button>
        <Button size="small" disabled={to >= state.total} onClick={() => setPage((current) => current + 1)}>
          {t('screen.paging.next')}
        </Button>
      </div>
    </div>
  )
}
