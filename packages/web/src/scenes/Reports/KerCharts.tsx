import { dateFormat } from '@portal/sdk/i18n'
import { useTranslation } from 'react-i18next'
import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts'
import type { KerMonthPoint } from '@portal/sdk/domain'
import styles from './Reports.module.css'

/** A chart's width on a desktop, and the least it shrinks to on a phone. */
const CHART_WIDTH = 560
const MIN_CHART_WIDTH = 240

/** Props of KerCharts. */
export interface KerChartsProps {
  chart: readonly KerMonthPoint[]
  year: number
  language: string
}

/** Revenue and result per month, this year against last year, as bar charts (recharts); the table holds the numbers. */
export function KerCharts({ chart, year, language }: KerChartsProps) {
  const { t } = useTranslation('reports')
  const monthName = dateFormat(language, { month: 'short', timeZone: 'UTC' })
  const money = new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 })
  const data = chart.map((point) => ({
    month: monthName.format(new Date(Date.UTC(2000, point.month - 1, 1))),
    revenue: point.revenueCents / 100,
    priorRevenue: point.priorRevenueCents / 100,
    result: point.resultCents / 100,
    priorResult: point.priorResultCents / 100,
  }))
  // 560 px, or the phone's width less the page's margins (a chart never widens the page; issue 36).
  const chartWidth = Math.min(CHART_WIDTH, Math.max(MIN_CHART_WIDTH, window.innerWidth - 40))
  const figure = (key: 'revenue' | 'result') => {
    const title = t(`chart.${key}`)
    return (
      <figure className={styles.chart} data-testid={`ker-chart-${key}`}>
        <figcaption className={styles.caption}>{title}</figcaption>
        <div role="img" aria-label={t('chart.label', { title, year, prior: year - 1 })}>
          <BarChart width={chartWidth} height={240} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 16 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="month" fontSize={12} />
            <YAxis fontSize={12} tickFormatter={(value: number) => money.format(value)} width={90} />
            <Tooltip formatter={(value) => money.format(Number(value))} />
            <Legend />
            <ReferenceLine y={0} stroke="#59636e" />
            <Bar dataKey={key === 'revenue' ? 'priorRevenue' : 'priorResult'} name={String(year - 1)} fill="#8c959f" isAnimationActive={false} />
            <Bar dataKey={key} name={String(year)} fill="#336699" isAnimationActive={false} />
          </BarChart>
        </div>
      </figure>
    )
  }
  return (
    <div className={styles.charts}>
      {figure('revenue')}
      {figure('result')}
    </div>
  )
}
