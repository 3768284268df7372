import { dateFormat } from '@portal/sdk/i18n'
import { useTranslation } from 'react-i18next'
import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts'
import { Label } from '@primer/react'
import type { QuotaDateStatus, QuotaGroup } from '@portal/sdk/domain'
import styles from './FonMonitoring.module.css'

/** Props of QuotaChart. */
export interface QuotaChartProps {
  group: QuotaGroup
  dates: readonly QuotaDateStatus[]
  language: string
}

const OUTLOOK_VARIANT = { met: 'success', onTrack: 'accent', atRisk: 'attention', missed: 'danger' } as const

/**
 * Achieved vs target per appointment date of one quota group: a bar chart (recharts) for the glance, and the same
 * figures as a table with the outlook, which is what screen readers and keyboard users get.
 */
export function QuotaChart({ group, dates, language }: QuotaChartProps) {
  const { t } = useTranslation('fon')
  const format = dateFormat(language, { day: 'numeric', month: 'short', year: 'numeric' })
  const day = (iso: string) => format.format(new Date(`${iso}T00:00:00Z`))
  const data = dates.map((date) => ({ date: day(date.date), target: date.targetPercent, achieved: date.achievedPercent }))
  const label = t('quota.chartLabel', { group: t(`group.${group}`) })
  return (
    <figure className={styles.chart} data-testid={`quota-${group}`}>
      <figcaption className={styles.subheading}>{t(`group.${group}`)}</figcaption>
      <div role="img" aria-label={label}>
        <BarChart width={Math.max(320, dates.length * 120)} height={200} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" fontSize={12} />
          <YAxis domain={[0, 100]} unit=" %" fontSize={12} />
          <Tooltip formatter={(value) => `${String(value)} %`} />
          <Legend />
          <ReferenceLine y={100} stroke="#59636e" />
          <Bar dataKey="target" name={t('quota.target')} fill="#8c959f" isAnimationActive={false} />
          <Bar dataKey="achieved" name={t('quota.achieved')} fill="#336699" isAnimationActive={false} />
        </BarChart>
      </div>
      <table className={styles.table}>
        <caption className={styles.visuallyHidden}>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{t('quota.date')}</th>
            <th scope="col">{t('quota.target')}</th>
            <th scope="col">{t('quota.achieved')}</th>
            <th scope="col"></th>
            <th scope="col"></th>
          </tr>
        </thead>
        <tbody>
          {dates.map((date) => (
            <tr key={date.date} data-testid="quota-date" data-next={date.next || undefined}>
              <th scope="row">
                {day(date.date)}
                {date.next ? ` (${t('quota.next')})` : ''}
              </th>
              <td>{date.targetPercent} %</td>
              <td data-testid="quota-achieved">{date.achievedPercent.toLocaleString(language === 'de' ? 'de-AT' : 'en-GB', { minimumFractionDigits: 1 })} %</td>
              <td>{t('quota.filed', { achieved: date.achieved, total: date.total, required: date.required })}</td>
              <td>
                <Label variant={OUTLOOK_VARIANT[date.outlook]}>{t(`quota.outlook.${date.outlook}`)}</Label>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {dates
        .filter((date) => date.next)
        .map((date) => (
          <p key="forecast" className={styles.muted} data-testid={`forecast-${group}`}>
            {date.outlook === 'met'
              ? t('quota.forecastMet', { date: day(date.date) })
              : t('quota.forecast', { date: day(date.date), projected: date.projected ?? date.achieved, required: date.required, outlook: t(`quota.outlook.${date.outlook}`) })}
          </p>
        ))}
    </figure>
  )
}
