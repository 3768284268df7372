import { useTranslation } from 'react-i18next'
import type { BookedLine } from '@portal/sdk/domain'
import styles from './Booking.module.css'

/** Props of BookingLinesTable. */
export interface BookingLinesTableProps {
  lines: readonly BookedLine[]
  language: string
  caption: string
}

/** Booked tax lines (code, rate, net, tax, gross) as a table, amounts in the user's language. */
export function BookingLinesTable({ lines, language, caption }: BookingLinesTableProps) {
  const { t } = useTranslation('booking')
  const money = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  const amount = (value: string) => money.format(Number(value))
  return (
    <table className={styles.lines} data-testid="booking-lines">
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('lines.taxCode')}</th>
          <th scope="col">{t('lines.rate')}</th>
          <th scope="col">{t('lines.net')}</th>
          <th scope="col">{t('lines.tax')}</th>
          <th scope="col">{t('lines.gross')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.taxCode}>
            <td>{line.taxCode}</td>
            <td>{line.rate} %</td>
            <td className={styles.number}>{amount(line.net)}</td>
            <td className={styles.number}>{amount(line.tax)}</td>
            <td className={styles.number}>{amount(line.gross)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
