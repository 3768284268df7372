import { useCallback, useEffect, useState } from 'react'
import { Button, Checkbox, FormControl, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import type { BankTransactionRecord, BankTransactionsPage } from '@portal/sdk/services'
import { REQUEST_TRANSACTION_RIGHTS, viennaToday } from '@portal/sdk/domain'
import { formatAmount, formatDate as sdkFormatDate } from '@portal/sdk/i18n'
import { addDays, DEFAULT_REQUEST_DUE_DAYS } from '@portal/sdk/state'
import { useCan } from '../../hooks/useCan'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { formatDate, formatMoney } from '../UnpaidItems/format'
import { BalanceChart } from './BalanceChart'
import styles from './Banking.module.css'

const PAGE = 50
const AMOUNT = /^-?\d{1,13}([.,]\d{1,2})?$/

/** Movements with search, date and amount filters, the balance chart, matches (unmatch) and proposals (settle by a click). */
export function BankTransactions({ companyNo, refresh }: { companyNo: number; refresh: number }) {
  const { t } = useTranslation('banking')
  const { t: tRequests } = useTranslation('requests')
  const { client, language } = useSession()
  const { notify, notifyError } = useSnackbar()
  const [search, setSearch] = useState('')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [min, setMin] = useState('')
  const [max, setMax] = useState('')
  const [unmatched, setUnmatched] = useState(false)
  const [limit, setLimit] = useState(PAGE)
  const [page, setPage] = useState<BankTransactionsPage | null>(null)
  const amountOk = (value: string) => value === '' || AMOUNT.test(value.trim())

  const load = useCallback(async () => {
    if (!amountOk(min) || !amountOk(max)) return
    try {
      setPage(
        await client.service('bank-transactions').find({
          query: {
            client: companyNo,
            $limit: limit,
            ...(search.trim() ? { search: search.trim() } : {}),
            ...(from ? { from } : {}),
            ...(to ? { to } : {}),
            ...(min ? { min: min.trim().replace(',', '.') } : {}),
            ...(max ? { max: max.trim().replace(',', '.') } : {}),
            ...(unmatched ? { unmatched: true } : {}),
          },
        }),
      )
    } catch (error) {
      notifyError(error)
    }
  }, [client, companyNo, limit, search, from, to, min, max, unmatched, notifyError])
  useEffect(() => {
    const timer = setTimeout(() => void load(), 200)
    return () => clearTimeout(timer)
  }, [load, refresh])
  useEffect(() => {
    const service = client.service('bank-transactions')
    const onChange = (record: BankTransactionRecord) => {
      if (record.company_no === companyNo) void load()
    }
    service.on('created', onChange)
    service.on('patched', onChange)
    return () => {
      service.off('created', onChange)
      service.off('patched', onChange)
    }
  }, [client, companyNo, load])

  const act = async (call: () => Promise<unknown>) => {
    try {
      await call()
      await load()
    } catch (error) {
      notifyError(error)
    }
  }
  const documents = (numbers: (string | null)[]) => numbers.map((number) => number ?? '?').join(', ')
  // One click from an unmatched movement: a request for its receipt, its date, amount and counterparty in the text.
  const mayAsk = useCan('document-requests', 'create', { companyNo, requires: REQUEST_TRANSACTION_RIGHTS })
  const ask = async (row: BankTransactionRecord) => {
    const facts = { date: sdkFormatDate(row.booking_date, language), amount: formatAmount(row.amount, language, row.currency), counterparty: row.counterparty_name ?? '–' }
    try {
      await client.service('document-requests').create({
        company_no: companyNo,
        bank_transaction_id: row.id,
        text: tRequests('create.transactionText', facts),
        due_date: addDays(viennaToday(), DEFAULT_REQUEST_DUE_DAYS),
      })
      notify({ kind: 'success', text: tRequests('create.created') })
    } catch (error) {
      notifyError(error)
    }
  }

  return (
    <section className={styles.section} aria-labelledby="bank-transactions-heading">
      <h2 id="bank-transactions-heading" className={styles.heading}>
        {t('transactions.heading')}
      </h2>
      <div className={styles.row} role="search">
        <FormControl>
          <FormControl.Label>{t('transactions.search')}</FormControl.Label>
          <TextInput value={search} onChange={(event) => setSearch(event.target.value)} data-testid="bank-search" />
        </FormControl>
        <FormControl>
          <FormControl.Label>{t('transactions.from')}</FormControl.Label>
          <TextInput type="date" value={from} onChange={(event) => setFrom(event.target.value)} data-testid="bank-from" />
        </FormControl>
        <FormControl>
          <FormControl.Label>{t('transactions.to')}</FormControl.Label>
          <TextInput type="date" value={to} onChange={(event) => setTo(event.target.value)} data-testid="bank-to" />
        </FormControl>
        <FormControl>
          <FormControl.Label>{t('transactions.min')}</FormControl.Label>
          <TextInput inputMode="decimal" value={min} onChange={(event) => setMin(event.target.value)} data-testid="bank-min" />
          {amountOk(min) ? null : <FormControl.Validation variant="error">{t('transactions.min')}: 1234,56</FormControl.Validation>}
        </FormControl>
        <FormControl>
          <FormControl.Label>{t('transactions.max')}</FormControl.Label>
          <TextInput inputMode="decimal" value={max} onChange={(event) => setMax(event.target.value)} data-testid="bank-max" />
          {amountOk(max) ? null : <FormControl.Validation variant="error">{t('transactions.max')}: 1234,56</FormControl.Validation>}
        </FormControl>
        <FormControl>
          <Checkbox checked={unmatched} onChange={(event) => setUnmatched(event.target.checked)} data-testid="bank-unmatched" />
          <FormControl.Label>{t('transactions.unmatched')}</FormControl.Label>
        </FormControl>
      </div>
      {page ? <BalanceChart balances={page.balances} language={language} /> : null}
      {page === null ? <p className={styles.muted}>…</p> : null}
      {page && page.data.length === 0 ? <p className={styles.muted}>{t('transactions.empty')}</p> : null}
      {page && page.data.length > 0 ? (
        <table className={styles.table} data-testid="bank-transactions">
          <thead>
            <tr>
              <th>{t('transactions.date')}</th>
              <th>{t('transactions.counterparty')}</th>
              <th>{t('transactions.remittance')}</th>
              <th className={styles.amount}>{t('transactions.amount')}</th>
              <th>{t('transactions.status')}</th>
            </tr>
          </thead>
          <tbody>
            {page.data.map((row) => (
              <tr key={row.id} data-testid="bank-transaction">
                <td>{formatDate(row.booking_date, language)}</td>
                <td>
                  {row.counterparty_name ?? '–'}
                  {row.counterparty_iban ? <div className={styles.muted}>{row.counterparty_iban}</div> : null}
                </td>
                <td>
                  {row.remittance || row.structured_reference || row.booking_text || '–'}
                  {row.is_return ? <div className={styles.muted}>{t('transactions.return')} {row.return_reason ?? ''}</div> : null}
                  {row.batch_reference ? <div className={styles.muted}>{t('transactions.batch')} {row.batch_reference}</div> : null}
                </td>
                <td className={styles.amount}>{formatMoney(row.amount, row.currency, language)}</td>
                <td>
                  {row.matches.length > 0 ? (
                    <div className={styles.proposal} data-testid="bank-match">
                      <span>
                        {t('transactions.matched', { documents: documents(row.matches.map((match) => match.document_number)) })}
                        {row.matches[0].automatic ? ` (${t('transactions.auto')})` : ''}
                      </span>
                      <Button size="small" onClick={() => void act(() => client.service('bank-matches').remove(row.id))} data-testid="bank-unmatch">
                        {t('transactions.unmatch')}
                      </Button>
                    </div>
                  ) : row.proposals.length > 0 ? (
                    <ul aria-label={t('transactions.proposals')}>
                      {row.proposals.map((proposal, index) => (
                        <li key={index} className={styles.proposal} data-testid="bank-proposal">
                          <Button size="small" onClick={() => void act(() => client.service('bank-matches').create({ transaction_id: row.id, proposal: index }))} data-testid="bank-settle">
                            {t('transactions.settle', { documents: documents(proposal.items.map((item) => item.documentNumber)) })}
                          </Button>
                          <span>{t('transactions.confidence', { percent: Math.round(proposal.confidence * 100) })}</span>
                          <span className={styles.muted}>{proposal.reasons.map((reason) => t(`reason.${reason}`)).join(' · ')}</span>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    t('transactions.none')
                  )}
                  {row.matches.length === 0 && mayAsk ? (
                    <div>
                      <Button size="small" onClick={() => void ask(row)} data-testid="bank-ask-receipt">
                        {tRequests('create.fromTransaction')}
                      </Button>
                    </div>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {page && page.total > page.data.length ? (
        <Button onClick={() => setLimit(limit + PAGE)} data-testid="bank-more">
          {t('transactions.more')}
        </Button>
      ) : null}
    </section>
  )
}
