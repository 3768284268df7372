import { useRef, type KeyboardEvent } from 'react'
import { Button, Label } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { isResolvable } from '@portal/sdk/domain'
import type { FonItem } from '@portal/sdk/services'
import styles from './FonMonitoring.module.css'

/** Props of FonTable. */
export interface FonTableProps {
  items: readonly FonItem[]
  onOpen: (item: FonItem) => void
  onResolve: (item: FonItem) => void
  onReopen: (item: FonItem) => void
}

const STATE_VARIANT: Record<string, 'success' | 'danger' | 'attention' | 'secondary' | 'accent' | 'done'> = {
  submitted: 'success',
  open: 'accent',
  notRelevant: 'secondary',
  dataConflict: 'danger',
  noNTCSRecord: 'attention',
  resolvedManually: 'done',
}

/**
 * The quota items with the columns of SPEC §3. Rows take the keyboard: ↑/↓ move, Enter opens an item (both sides and
 * its history), r resolves a conflict with a remark, o reopens a resolved one.
 */
export function FonTable({ items, onOpen, onResolve, onReopen }: FonTableProps) {
  const { t } = useTranslation('fon')
  const { t: tDomain } = useTranslation('domain')
  const body = useRef<HTMLTableSectionElement>(null)

  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, item: FonItem, index: number) => {
    if (event.target !== event.currentTarget || event.ctrlKey || event.metaKey || event.altKey) return
    const rows = body.current?.querySelectorAll<HTMLTableRowElement>('tr[data-testid=fon-row]')
    const move = (to: number) => rows?.[Math.max(0, Math.min(rows.length - 1, to))]?.focus()
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(index + 1),
      ArrowUp: () => move(index - 1),
      Enter: () => onOpen(item),
      r: () => isResolvable(item.state) && onResolve(item),
      o: () => item.state === 'resolvedManually' && onReopen(item),
    }
    const run = keys[event.key]
    if (!run) return
    event.preventDefault()
    run()
  }

  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-testid="fon-table">
        <caption className={styles.visuallyHidden}>{t('table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columns.state')}</th>
            <th scope="col">{t('columns.name')}</th>
            <th scope="col">{t('columns.taxId')}</th>
            <th scope="col">{t('columns.ntcsPersNr')}</th>
            <th scope="col">{t('columns.returnType')}</th>
            <th scope="col">{t('columns.submittedOn')}</th>
            <th scope="col">{t('columns.receivedOn')}</th>
            <th scope="col">{t('columns.action')}</th>
            <th scope="col">{t('columns.employee')}</th>
            <th scope="col">{t('columns.regKassa')}</th>
            <th scope="col">{t('columns.companyId')}</th>
            <th scope="col">{t('columns.kontonr')}</th>
            <th scope="col">{t('columns.ntcsId')}</th>
            <th scope="col">{t('columns.kanzleiId')}</th>
            <th scope="col" className={styles.number}>
              {t('columns.saldo')}
            </th>
            <th scope="col">
              <span className={styles.visuallyHidden}>{t('resolve.button')}</span>
            </th>
          </tr>
        </thead>
        <tbody ref={body}>
          {items.map((item, index) => (
            <tr
              key={item.id}
              tabIndex={0}
              className={styles.row}
              onKeyDown={(event) => onKeyDown(event, item, index)}
              onDoubleClick={() => onOpen(item)}
              aria-keyshortcuts="Enter R O"
              data-testid="fon-row"
              data-item-id={item.id}
              data-state={item.state}
            >
              <td>
                <Label variant={STATE_VARIANT[item.state] ?? 'secondary'} data-testid="fon-state">
                  {tDomain(`quotaState.${item.state}`)}
                </Label>
                {item.conflictKind && item.state !== 'resolvedManually' ? <div className={styles.muted}>{tDomain(`quotaConflict.${item.conflictKind}`)}</div> : null}
              </td>
              <th scope="row">{item.name}</th>
              <td className={styles.nowrap}>{item.taxId}</td>
              <td>{item.ntcsPersNr ?? ''}</td>
              <td className={styles.nowrap}>{`${item.returnType} ${item.year}`}</td>
              <td className={styles.nowrap}>{item.submittedOn ?? ''}</td>
              <td className={styles.nowrap}>{item.receivedOn ?? ''}</td>
              <td>{t(`action.${item.action}`)}</td>
              <td>{item.employeeName ?? ''}</td>
              <td>{item.regKassa ? tDomain(`cashRegisterState.${item.regKassa}`) : ''}</td>
              <td>{item.companyId ?? ''}</td>
              <td>{item.kontonr ?? ''}</td>
              <td>{item.ntcsId ?? ''}</td>
              <td>{item.kanzleiId ?? ''}</td>
              <td className={`${styles.number} ${styles.nowrap}`}>{item.saldo ?? ''}</td>
              <td>
                <div className={styles.actions}>
                  <Button size="small" onClick={() => onOpen(item)} data-testid="fon-open">
                    {t('history.title')}
                  </Button>
                  {isResolvable(item.state) ? (
                    <Button size="small" variant="primary" onClick={() => onResolve(item)} data-testid="fon-resolve">
                      {t('resolve.button')}
                    </Button>
                  ) : null}
                  {item.state === 'resolvedManually' ? (
                    <Button size="small" onClick={() => onReopen(item)} data-testid="fon-reopen">
                      {t('resolve.reopen')}
                    </Button>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
