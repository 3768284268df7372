import { dateFormat } from '@portal/sdk/i18n'
import { useRef, type KeyboardEvent } from 'react'
import { Button, Label } from '@primer/react'
import { useTranslation } from 'react-i18next'
import type { Scanner } from '@portal/sdk/services'
import styles from './ScannerAdmin.module.css'

/** What an administrator can do to one scanner (each asks for confirmation first). */
export type ScannerAction = 'rotate' | 'revoke' | 'deactivate' | 'activate'

/** Props of ScannersTable. */
export interface ScannersTableProps {
  scanners: readonly Scanner[]
  onAction: (scanner: Scanner, action: ScannerAction) => void
  onRegister: () => void
}

/** A moment as the user's language writes it, or "never". */
function useMoment() {
  const { t, i18n } = useTranslation('scanners')
  const format = dateFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' })
  return (iso: string | null) => (iso ? format.format(new Date(iso)) : t('state.never'))
}

/**
 * The scanners as a table (SPEC §3: location, activated, last seen, assigned users; plus company, today's count and the
 * last error), live. Rows take the keyboard: ↑/↓ move between scanners, r issues a new token, d deactivates or
 * activates, Delete revokes, n registers a new one.
 */
export function ScannersTable({ scanners, onAction, onRegister }: ScannersTableProps) {
  const { t } = useTranslation('scanners')
  const { t: tAny } = useTranslation()
  const moment = useMoment()
  const body = useRef<HTMLTableSectionElement>(null)

  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, scanner: Scanner, index: number) => {
    if (event.target !== event.currentTarget || event.ctrlKey || event.metaKey || event.altKey) return
    const rows = body.current?.querySelectorAll<HTMLTableRowElement>('tr[data-testid=scanner-row]')
    const move = (to: number) => rows?.[Math.max(0, Math.min(rows.length - 1, to))]?.focus()
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(index + 1),
      ArrowUp: () => move(index - 1),
      r: () => onAction(scanner, 'rotate'),
      d: () => onAction(scanner, scanner.activated ? 'deactivate' : 'activate'),
      Delete: () => scanner.has_token && onAction(scanner, 'revoke'),
      n: onRegister,
    }
    const run = keys[event.key]
    if (!run) return
    event.preventDefault()
    run()
  }

  return (
    <table className={styles.table} data-testid="scanners-table">
      <thead>
        <tr>
          <th scope="col">{t('columns.location')}</th>
          <th scope="col">{t('columns.company')}</th>
          <th scope="col">{t('columns.activated')}</th>
          <th scope="col">{t('columns.lastSeen')}</th>
          <th scope="col">{t('columns.users')}</th>
          <th scope="col" className={styles.number}>
            {t('columns.today')}
          </th>
          <th scope="col">{t('columns.lastError')}</th>
          <th scope="col">{t('columns.actions')}</th>
        </tr>
      </thead>
      <tbody ref={body}>
        {scanners.map((scanner, index) => (
          <tr
            key={scanner.id}
            tabIndex={0}
            className={styles.row}
            onKeyDown={(event) => onKeyDown(event, scanner, index)}
            aria-keyshortcuts="R D Delete"
            data-testid="scanner-row"
            data-scanner-id={scanner.id}
          >
            <th scope="row">{scanner.location}</th>
            <td>{`${scanner.company_no} ${scanner.company_name}`}</td>
            <td data-testid="scanner-state">
              {!scanner.has_token ? (
                <Label variant="danger">{t('state.revoked')}</Label>
              ) : scanner.activated ? (
                <Label variant="success">{t('state.active')}</Label>
              ) : (
                <Label variant="attention">{t('state.inactive')}</Label>
              )}
            </td>
            <td data-testid="scanner-last-seen">{moment(scanner.last_seen)}</td>
            <td>{scanner.users.map((user) => user.name || user.email).join(', ') || t('state.none')}</td>
            <td className={styles.number} data-testid="scanner-today">
              {scanner.documents_today}
            </td>
            <td data-testid="scanner-last-error">{scanner.last_error ? tAny(scanner.last_error.key, scanner.last_error.params) : t('state.none')}</td>
            <td>
              <div className={styles.actions}>
                <Button size="small" onClick={() => onAction(scanner, 'rotate')} data-testid="scanner-rotate">
                  {t('actions.rotate')}
                </Button>
                {scanner.has_token ? (
                  <Button size="small" variant="danger" onClick={() => onAction(scanner, 'revoke')} data-testid="scanner-revoke">
                    {t('actions.revoke')}
                  </Button>
                ) : null}
                <Button size="small" onClick={() => onAction(scanner, scanner.activated ? 'deactivate' : 'activate')} data-testid="scanner-toggle">
                  {scanner.activated ? t('actions.deactivate') : t('actions.activate')}
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
