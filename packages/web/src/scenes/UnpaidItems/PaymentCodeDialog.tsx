import { useEffect, useState } from 'react'
import { MimeType } from '@portal/sdk/domain'
import { Button, Dialog } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { errorToMessage } from '@portal/sdk/errors'
import type { PaymentCode, UnpaidItem } from '@portal/sdk/services'
import { Loading } from '../../components/Loading/Loading'
import { useSession } from '../../hooks/useSession'
import { formatDate, formatMoney } from './format'
import styles from './UnpaidItems.module.css'

/** Props of PaymentCodeDialog. */
export interface PaymentCodeDialogProps {
  item: UnpaidItem
  language: string
  onClose: () => void
}

/** Opens a base64 file in a new tab (the printable PDF). */
function openPdf(base64: string): void {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
  const url = URL.createObjectURL(new Blob([bytes], { type: MimeType.pdf }))
  window.open(url, '_blank', 'noopener')
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/** The EPC/GiroCode QR code of a supplier invoice with what it asks a bank to pay, and the printable PDF. */
export function PaymentCodeDialog({ item, language, onClose }: PaymentCodeDialogProps) {
  const { t } = useTranslation('unpaid')
  const { t: tAny } = useTranslation()
  const { client } = useSession()
  const [code, setCode] = useState<PaymentCode | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)

  useEffect(() => {
    let current = true
    client
      .service('payment-codes')
      .get(item.id)
      .then((answer) => current && setCode(answer))
      .catch((failure: unknown) => current && setRefusal(errorToMessage(failure, tAny)))
    return () => {
      current = false
    }
  }, [client, item.id, tAny])

  return (
    <Dialog title={t('qr.heading', { document: item.document_number ?? `#${item.document_id}` })} onClose={onClose} width="large">
      {refusal ? (
        <p role="alert" className={`${styles.refusal} ${styles.form}`} data-testid="qr-refusal">
          {refusal}
        </p>
      ) : !code ? (
        <Loading label={t('loading')} />
      ) : (
        <div className={styles.qr} data-testid="payment-code">
          {/* The SVG is the server's QR rendering of the payload (no user text inside the markup). */}
          <div className={styles.qrImage} role="img" aria-label={t('qr.hint')} dangerouslySetInnerHTML={{ __html: code.svg }} />
          <div>
            <p className={styles.muted}>{t('qr.hint')}</p>
            <dl className={styles.facts}>
              <dt>{t('qr.beneficiary')}</dt>
              <dd>{code.name}</dd>
              <dt>IBAN</dt>
              <dd data-testid="qr-iban">{code.iban}</dd>
              <dt>{t('qr.amount')}</dt>
              <dd data-testid="qr-amount">{formatMoney(code.amount, 'EUR', language)}</dd>
              <dt>{t('qr.reference')}</dt>
              <dd>{code.reference}</dd>
            </dl>
            {code.discount !== '0.00' ? <p className={styles.soon}>{t('qr.discountApplied', { amount: formatMoney(code.discount, 'EUR', language), date: formatDate(code.discount_due_date, language) })}</p> : null}
            <div className={styles.actions}>
              <Button onClick={() => openPdf(code.pdf_base64)} data-testid="qr-pdf">
                {t('qr.pdf')}
              </Button>
              <Button variant="primary" onClick={onClose}>
                {t('qr.close')}
              </Button>
            </div>
          </div>
        </div>
      )}
    </Dialog>
  )
}
