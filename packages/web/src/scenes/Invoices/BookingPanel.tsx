import { useCallback, useEffect, useRef, useState } from 'react'
import { Button } from '@primer/react'
import { BookIcon, PersonAddIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import { DocumentKind, taxSideOfDocumentType, type BookingIssue } from '@portal/sdk/domain'
import { errorDataOf } from '@portal/sdk/errors'
import type { DocumentBooking } from '@portal/sdk/services'
import { NewAccountDialog } from '../../components/accounts/AccountDialog'
import { Loading } from '../../components/Loading/Loading'
import { useCan } from '../../hooks/useCan'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { BookingEditor } from './BookingEditor'
import { BookingReverse } from './BookingReverse'
import { BookingSummary } from './BookingSummary'
import { bookingDataOf, checkBookingForm, formFromSuggestions, type BookingForm } from './bookingForm'
import { useBookingChoices } from './useBookingChoices'
import { isTyping } from '../../hooks/useInvoiceShortcuts'
import styles from './Booking.module.css'

/** Props of BookingPanel. */
export interface BookingPanelProps {
  documentId: number
  companyNo: number
  /** The document's version: a new one (booked, reversed, corrected elsewhere) reads the booking again. */
  version: number
}

/**
 * Booking of a confirmed document in the Accounting screen. With acc: the fields filled from the suggestions (each
 * saying where it came from), B (or the Book button) books with the values shown; a booked document shows its booking
 * and "Reverse booking". Without acc: the booking read-only.
 */
export function BookingPanel({ documentId, companyNo, version }: BookingPanelProps) {
  const { t } = useTranslation('booking')
  const { client, language } = useSession()
  const { notify, notifyError } = useSnackbar()
  const mayBook = useCan('document-bookings', 'create', { companyNo })
  const [answer, setAnswer] = useState<DocumentBooking | null>(null)
  const [form, setForm] = useState<BookingForm | null>(null)
  const [refused, setRefused] = useState<BookingIssue | null>(null)
  const [busy, setBusy] = useState(false)
  const [creatingAccount, setCreatingAccount] = useState(false)

  useEffect(() => {
    let cancelled = false
    client
      .service('document-bookings')
      .get(documentId)
      .then((next) => {
        if (cancelled) return
        setAnswer(next)
        // What the person typed stays while the document is the same and unbooked; a new document starts from the suggestions.
        setForm((current) => (current && !next.booked ? current : formFromSuggestions(next)))
      }, notifyError)
    return () => {
      cancelled = true
    }
  }, [client, documentId, version, notifyError])
  useEffect(() => {
    setForm(null)
    setRefused(null)
  }, [documentId])

  const side = taxSideOfDocumentType(answer?.document_type ?? DocumentKind.ER)
  const choices = useBookingChoices(mayBook ? companyNo : 0, side, notifyError)
  const editing = mayBook && answer !== null && answer.confirmed && !answer.booked && form !== null

  const book = useCallback(async () => {
    if (!answer || !form || busy) return
    const { issues } = checkBookingForm(form, answer)
    if (issues.length > 0) {
      setRefused(issues[0])
      return
    }
    setBusy(true)
    try {
      const next = await client.service('document-bookings').create(bookingDataOf(form, answer))
      setAnswer(next)
      setRefused(null)
      notify({ kind: 'success', text: t('actions.bookedNext', { no: next.booking?.booking_no ?? '' }) })
    } catch (error) {
      const data = errorDataOf(error)
      const field = typeof data?.params?.field === 'string' ? data.params.field : null
      if (data && field) setRefused({ field, key: data.key, params: data.params as BookingIssue['params'] })
      notifyError(error)
    } finally {
      setBusy(false)
    }
  }, [answer, form, busy, client, notify, notifyError, t])

  const reverse = useCallback(
    async (reason: string) => {
      if (!answer) return
      try {
        const next = await client.service('document-bookings').patch(answer.document_id, { version: answer.version, reason })
        setAnswer(next)
        setForm(formFromSuggestions(next))
        notify({ kind: 'success', text: t('actions.reversed', { no: answer.booking?.booking_no ?? '' }) })
      } catch (error) {
        notifyError(error)
        throw error
      }
    },
    [answer, client, notify, notifyError, t],
  )

  // B books with the values shown, outside text fields and dialogs (documented in the screen's shortcut help).
  const latestBook = useRef(book)
  latestBook.current = book
  useEffect(() => {
    if (!editing) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return
      if (document.querySelector('[role=dialog], [role=alertdialog]')) return
      if (event.key !== 'b' && event.key !== 'B') return
      event.preventDefault()
      void latestBook.current()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [editing])

  return (
    <section className={styles.panel} aria-labelledby="booking-heading" data-testid="booking-panel" data-booked={answer?.booked ? 'true' : 'false'}>
      <h3 id="booking-heading" className={styles.heading}>
        {t('panel.heading')}
      </h3>
      {!answer ? (
        <Loading label={t('panel.loading')} />
      ) : answer.booked && answer.booking ? (
        <>
          <BookingSummary booking={answer.booking} language={language} />
          {mayBook ? <BookingReverse bookingNo={answer.booking.booking_no} onReverse={reverse} /> : null}
        </>
      ) : !answer.confirmed ? (
        <p className={styles.muted}>{t('panel.notConfirmed')}</p>
      ) : !mayBook ? (
        <p className={styles.muted} data-testid="booking-read-only">
          {t('panel.notBooked')} {t('panel.readOnly')}
        </p>
      ) : form ? (
        <>
          {answer.new_account && form.account.trim() === '' ? (
            <p className={styles.muted}>
              {t('panel.newAccountHint')}{' '}
              <Button size="small" leadingVisual={PersonAddIcon} onClick={() => setCreatingAccount(true)} data-testid="booking-new-account">
                {t('panel.newAccount')}
              </Button>
            </p>
          ) : null}
          {creatingAccount && answer.new_account ? (
            <NewAccountDialog
              companyNo={companyNo}
              prefill={newAccountForm(answer.new_account)}
              vatIdCheck={answer.new_account.vat_id_check}
              terms={{ payment_days: answer.new_account.payment_days, skonto_percent: answer.new_account.skonto_percent, skonto_days: answer.new_account.skonto_days }}
              // The new account is this document's: the panel books with it (and the next invoice finds it by UID/IBAN).
              onSaved={(saved) => setForm((current) => (current ? { ...current, account: String(saved.account) } : current))}
              onClose={() => setCreatingAccount(false)}
            />
          ) : null}
          <BookingEditor answer={answer} form={form} onChange={setForm} choices={choices} language={language} refused={refused} />
          <div className={styles.actions}>
            <Button variant="primary" leadingVisual={BookIcon} onClick={() => void book()} disabled={busy} aria-keyshortcuts="B" data-testid="booking-submit">
              {busy ? t('actions.booking') : t('actions.book')}
            </Button>
            <span className={styles.muted}>{t('panel.keyHint')}</span>
          </div>
        </>
      ) : null}
    </section>
  )
}

/** The account form's values from the seller the booking answer offers as a new account. */
function newAccountForm(account: NonNullable<DocumentBooking['new_account']>) {
  return { account: String(account.account), name: account.name, vat_id: account.vat_id ?? '', iban: account.iban ?? '', country: account.country ?? '' }
}
