import { useTranslation } from 'react-i18next'
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts'
import styles from './Banking.module.css'

/** The account's balance at the end of each booking day (recharts); the table holds the movements. */
export function BalanceChart({ balances, language }: { balances: { date: string; balance: string }[]; language: string }) {
  const { t } = useTranslation('banking')
  if (balances.length < 2) return null
  const money = new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 })
  const data = balances.map((point) => ({ date: point.date, balance: Number(point.balance) }))
  const last = balances[balances.length - 1]
  return (
    <figure className={styles.chart} data-testid="bank-balance-chart">
      <figcaption className={styles.muted}>{t('transactions.balanceChart')}</figcaption>
      <div role="img" aria-label={`${t('transactions.balanceChart')}: ${last.date} ${money.format(Number(last.balance))}`}>
        <LineChart width={640} height={200} data={data}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" fontSize={11} />
          <YAxis tickFormatter={(value: number) => money.format(value)} width={90} fontSize={11} />
          <Tooltip formatter={(value) => money.format(Number(value))} />
          <Line type="stepAfter" dataKey="balance" name={t('transactions.balance')} stroke="#0969da" dot={false} isAnimationActive={false} />
        </LineChart>
      </div>
    </figure>
  )
}
