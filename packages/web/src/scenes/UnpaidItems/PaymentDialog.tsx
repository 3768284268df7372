import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button, Dialog, FormControl, Select, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { PAYMENT_METHODS, checkPayment, toCents, viennaToday, type PaymentIssue, type PaymentMethod } from '@portal/sdk/domain'
import { errorToMessage } from '@portal/sdk/errors'
import type { PaymentRecord, UnpaidItem } from '@portal/sdk/services'
import { useSession } from '../../hooks/useSession'
import { formatDate, formatMoney } from './format'
import styles from './UnpaidItems.module.css'

/** Props of PaymentDialog. */
export interface PaymentDialogProps {
  item: UnpaidItem
  language: string
  onSaved: (payment: PaymentRecord) => void
  onUndone: () => void
  onClose: () => void
}

/**
 * Marks an item paid or partly paid: date, amount (the open amount less the discount while it applies, ready to
 * change) and method; the SDK's rules are checked as one types and the server's refusal is shown in place. Below,
 * the item's payments with an undo for each.
 */
export function PaymentDialog({ item, language, onSaved, onUndone, onClose }: PaymentDialogProps) {
  const { t } = useTranslation('unpaid')
  const { t: tAny } = useTranslation()
  const { client } = useSession()
  const first = useRef<HTMLInputElement>(null)
  const suggested = item.discount_applies ? ((toCents(item.open) ?? 0) - (toCents(item.discount) ?? 0)) / 100 : Number(item.open)
  const [paidOn, setPaidOn] = useState(viennaToday())
  const [amount, setAmount] = useState(suggested.toFixed(2))
  const [method, setMethod] = useState<PaymentMethod>('bankTransaction')
  const [tried, setTried] = useState(false)
  const [saving, setSaving] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [payments, setPayments] = useState<PaymentRecord[] | null>(null)

  useEffect(() => {
    let current = true
    client
      .service('payments')
      .find({ query: { client: item.company_no, booking_id: item.id } })
      .then((list) => current && setPayments(list))
      .catch(() => current && setPayments([]))
    return () => {
      current = false
    }
  }, [client, item.company_no, item.id])

  const normalized = amount.trim().replace(',', '.')
  const issues = checkPayment({ paid_on: paidOn, amount: normalized, method }, { openCents: toCents(item.open) ?? 0, documentDate: item.document_date }, PAYMENT_METHODS)
  const issueOf = (field: PaymentIssue['field']) => issues.find((issue) => issue.field === field)

  const submit = async (event?: FormEvent) => {
    event?.preventDefault()
    setTried(true)
    if (saving || issues.length > 0) return
    setSaving(true)
    try {
      onSaved(await client.service('payments').create({ booking_id: item.id, paid_on: paidOn, amount: normalized, method }))
    } catch (failure) {
      setRefusal(errorToMessage(failure, tAny))
    } finally {
      setSaving(false)
    }
  }

  const undo = async (payment: PaymentRecord) => {
    try {
      await client.service('payments').remove(payment.id)
      onUndone()
    } catch (failure) {
      setRefusal(errorToMessage(failure, tAny))
    }
  }

  const validation = (field: PaymentIssue['field']) => {
    const issue = issueOf(field)
    return tried && issue ? <FormControl.Validation variant="error">{t(issue.rule as 'payment.amountInvalid')}</FormControl.Validation> : null
  }

  return (
    <Dialog title={t('payment.heading', { document: item.document_number ?? `#${item.document_id}` })} subtitle={item.partner_name ?? String(item.account)} onClose={onClose} initialFocusRef={first}>
      <form onSubmit={(event) => void submit(event)} noValidate className={styles.form} data-testid="payment-form">
        <p className={styles.muted}>{t('payment.openNow', { open: formatMoney(item.open, item.currency, language) })}</p>
        {item.discount_applies ? <p className={styles.soon}>{t('payment.withDiscount', { amount: formatMoney(suggested.toFixed(2), item.currency, language) })}</p> : null}
        {refusal ? (
          <p role="alert" className={styles.refusal} data-testid="payment-refusal">
            {refusal}
          </p>
        ) : null}
        <FormControl required>
          <FormControl.Label>{t('payment.date')}</FormControl.Label>
          <TextInput ref={first} type="date" value={paidOn} onChange={(event) => setPaidOn(event.target.value)} data-testid="payment-date" />
          {validation('paid_on')}
        </FormControl>
        <FormControl required>
          <FormControl.Label>{t('payment.amount')}</FormControl.Label>
          <TextInput inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} trailingVisual={item.currency} data-testid="payment-amount" />
          {validation('amount')}
        </FormControl>
        <FormControl required>
          <FormControl.Label>{t('payment.method')}</FormControl.Label>
          <Select value={method} onChange={(event) => setMethod(event.target.value as PaymentMethod)} data-testid="payment-method">
            {PAYMENT_METHODS.map((value) => (
              <Select.Option key={value} value={value}>
                {t(`method.${value}`)}
              </Select.Option>
            ))}
          </Select>
          {validation('method')}
        </FormControl>
        <div className={styles.actions}>
          <Button type="button" onClick={onClose}>
            {t('payment.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={saving} data-testid="payment-save">
            {t('payment.save')}
          </Button>
        </div>
        <h3 className={styles.muted}>{t('payment.history')}</h3>
        {payments === null ? null : payments.length === 0 ? (
          <p className={styles.muted}>{t('payment.none')}</p>
        ) : (
          <ul className={styles.payments} data-testid="payment-history">
            {payments.map((payment) => (
              <li key={payment.id} className={payment.undone_at ? styles.undone : undefined}>
                {formatDate(payment.paid_on, language)} · {formatMoney(payment.amount, item.currency, language)} · {t(`method.${payment.method}`)}
                {payment.undone_at ? ` (${t('payment.undone')})` : (
                  <>
                    {' '}
                    <Button size="small" variant="invisible" onClick={() => void undo(payment)} data-testid="payment-undo">
                      {t('payment.undo')}
                    </Button>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </form>
    </Dialog>
  )
}
