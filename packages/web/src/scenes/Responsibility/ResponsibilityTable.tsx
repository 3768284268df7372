import { Checkbox } from '@primer/react'
import { useTranslation } from 'react-i18next'
import type { Responsibility } from '@portal/sdk/services'
import styles from '../UserAdmin/UserAdmin.module.css'

/** Props of ResponsibilityTable. */
export interface ResponsibilityTableProps {
  rows: readonly Responsibility[]
  selected: ReadonlySet<number>
  onToggle: (companyNo: number, selected: boolean) => void
  onToggleAll: (selected: boolean) => void
}

/** The client companies of one page with the staff member responsible for each; Space on a row selects it. */
export function ResponsibilityTable({ rows, selected, onToggle, onToggleAll }: ResponsibilityTableProps) {
  const { t } = useTranslation('users')
  const all = rows.length > 0 && rows.every((row) => selected.has(row.companyNo))
  const some = !all && rows.some((row) => selected.has(row.companyNo))
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="responsibility-table">
        <caption className={styles.visuallyHidden}>{t('screen.responsibility.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.selectCell}>
              <Checkbox aria-label={t('screen.responsibility.selectAll')} checked={all} indeterminate={some} onChange={(event) => onToggleAll(event.target.checked)} />
            </th>
            <th scope="col">{t('columns.company')}</th>
            <th scope="col">{t('columns.staff')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const company = `${row.companyNo} ${row.companyName}`
            const isSelected = selected.has(row.companyNo)
            return (
              <tr key={row.companyNo} className={isSelected ? styles.selectedRow : undefined} aria-selected={isSelected} data-testid="responsibility-row" data-company={row.companyNo}>
                <td className={styles.selectCell}>
                  <Checkbox aria-label={t('screen.responsibility.selectCompany', { company })} checked={isSelected} onChange={(event) => onToggle(row.companyNo, event.target.checked)} />
                </td>
                <th scope="row">
                  {company} <span className={styles.muted}>{row.companyPlace}</span>
                </th>
                <td data-testid="responsibility-staff">{row.staffName ? `${row.staffName} (${row.staffEmail ?? ''})` : <span className={styles.muted}>{t('state.unassigned')}</span>}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
