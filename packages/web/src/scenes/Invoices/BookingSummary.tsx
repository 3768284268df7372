import { dateFormat } from '@portal/sdk/i18n'
import { useTranslation } from 'react-i18next'
import type { BookingRecord } from '@portal/sdk/services'
import { BookingLinesTable } from './BookingLinesTable'
import styles from './Booking.module.css'

/** Props of BookingSummary. */
export interface BookingSummaryProps {
  booking: BookingRecord
  language: string
}

/** The standing booking of a document as booked: number, who and when, accounts, period, book, text and its lines. */
export function BookingSummary({ booking, language }: BookingSummaryProps) {
  const { t } = useTranslation('booking')
  const date = dateFormat(language, { dateStyle: 'medium' }).format(new Date(booking.created_at))
  const rows: [string, string | null][] = [
    [t('field.account'), String(booking.account)],
    [t('field.counter_account'), String(booking.counter_account)],
    [t('field.cost_center'), booking.cost_center],
    [t('field.period'), booking.period],
    [t('field.book'), booking.book],
    [t('field.text'), booking.text],
    [t('field.settlement_kind'), booking.settlement_kind ? t(`settlement.${booking.settlement_kind}`) : null],
    [t('field.deducted'), booking.deducted],
    [t('field.business_lunch_reason'), booking.business_lunch ? booking.business_lunch_reason : null],
    [t('field.business_lunch_participants'), booking.business_lunch ? booking.business_lunch_participants : null],
  ]
  return (
    <div data-testid="booking-summary" data-booking-no={booking.booking_no}>
      <p className={styles.booked}>{t('panel.booked', { no: booking.booking_no, date, name: booking.created_by_name ?? t('panel.someone') })}</p>
      <dl className={styles.summary}>
        {rows
          .filter(([, value]) => value !== null && value !== '')
          .map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      <BookingLinesTable lines={booking.lines} language={language} caption={t('lines.heading')} />
    </div>
  )
}
