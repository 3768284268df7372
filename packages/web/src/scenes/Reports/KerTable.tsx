import { useTranslation } from 'react-i18next'
import { kerPeriodName } from '@portal/sdk/domain'
import type { KerReport } from '@portal/sdk/services'
import styles from './Reports.module.css'

/** The KER's numbers: each line this period, the prior year's same period, the difference and the change in percent. */
export function KerTable({ report, language }: { report: KerReport; language: string }) {
  const { t } = useTranslation('reports')
  const money = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  const percent = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' })
  const tt = t as unknown as (key: string, options?: Record<string, unknown>) => string
  const current = kerPeriodName(report, report.year, tt)
  const prior = kerPeriodName(report, report.year - 1, tt)
  // On a phone the table is a list: each cell says its column (data-label, global.css `stack-on-phone`).
  const cell = (cents: number, label: string) => (
    <td className={`${styles.number} ${cents < 0 ? styles.negative : ''}`} data-label={label}>
      {money.format(cents / 100)}
    </td>
  )
  return (
    <div className={styles.scroll}>
      <table className={`${styles.table} stack-on-phone`} data-testid="ker-table">
        <caption className={styles.visuallyHidden}>{t('kerTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columns.line')}</th>
            <th scope="col" className={styles.number} data-testid="ker-current-head">
              {current}
            </th>
            <th scope="col" className={styles.number} data-testid="ker-prior-head">
              {prior}
            </th>
            <th scope="col" className={styles.number}>
              {t('columns.difference')}
            </th>
            <th scope="col" className={styles.number}>
              {t('columns.change')}
            </th>
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => (
            <tr key={row.line} className={row.line === 'result' ? styles.result : undefined} data-testid={`ker-row-${row.line}`}>
              <th scope="row">{t(`line.${row.line}`)}</th>
              {cell(row.currentCents, current)}
              {cell(row.priorCents, prior)}
              {cell(row.differenceCents, t('columns.difference'))}
              <td className={styles.number} data-label={t('columns.change')}>{row.changePercent === null ? '–' : `${percent.format(row.changePercent)} %`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
