import { useState } from 'react'
import { Button, Dialog, FormControl, Textarea } from '@primer/react'
import { UndoIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'

/** Props of BookingReverse. */
export interface BookingReverseProps {
  bookingNo: number
  /** Reverses with the reason; resolves when done (the dialog closes), rejects when refused (it stays open). */
  onReverse: (reason: string) => Promise<void>
}

/** "Reverse booking" for acc: asks for the reason and a confirmation, since a reversal is booked for good. */
export function BookingReverse({ bookingNo, onReverse }: BookingReverseProps) {
  const { t } = useTranslation('booking')
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [tried, setTried] = useState(false)
  const valid = reason.trim().length >= 3
  const submit = async () => {
    setTried(true)
    if (!valid || busy) return
    setBusy(true)
    try {
      await onReverse(reason.trim())
      setOpen(false)
      setReason('')
      setTried(false)
    } catch {
      // The refusal is shown by the caller; the dialog stays for another try.
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Button leadingVisual={UndoIcon} onClick={() => setOpen(true)} data-testid="booking-reverse">
        {t('actions.reverse')}
      </Button>
      {open ? (
        <Dialog
          title={t('actions.reverseTitle', { no: bookingNo })}
          onClose={() => setOpen(false)}
          footerButtons={[
            { content: t('actions.cancel'), onClick: () => setOpen(false) },
            { content: busy ? t('actions.reversing') : t('actions.confirmReverse'), buttonType: 'danger', onClick: () => void submit(), disabled: busy, ...{ 'data-testid': 'booking-reverse-confirm' } },
          ]}
        >
          <p>{t('actions.reverseText')}</p>
          <FormControl required>
            <FormControl.Label>{t('actions.reason')}</FormControl.Label>
            <Textarea value={reason} onChange={(event) => setReason(event.target.value)} block rows={3} data-testid="booking-reverse-reason" autoFocus />
            {tried && !valid ? <FormControl.Validation variant="error">{t('actions.reasonHint')}</FormControl.Validation> : <FormControl.Caption>{t('actions.reasonHint')}</FormControl.Caption>}
          </FormControl>
        </Dialog>
      ) : null}
    </>
  )
}
