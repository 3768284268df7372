import { Button } from '@primer/react'
import { useTranslation } from 'react-i18next'
import type { BankTermsRecord } from '@portal/sdk/services'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { formatDate } from '../UnpaidItems/format'
import styles from './Banking.module.css'

/** The provider's terms in the user's language, with who accepted which version when, and accept or withdraw. */
export function BankTerms({ terms, companyNo, onChange }: { terms: BankTermsRecord; companyNo: number; onChange: () => void }) {
  const { t } = useTranslation('banking')
  const { client, language } = useSession()
  const { notifyError } = useSnackbar()
  const accept = async () => {
    try {
      await client.service('bank-terms').create({ client: companyNo, version: terms.current_version, language: language === 'de' ? 'de' : 'en' })
      onChange()
    } catch (error) {
      notifyError(error)
    }
  }
  const withdraw = async () => {
    if (!window.confirm(t('terms.withdrawConfirm'))) return
    try {
      await client.service('bank-terms').remove(companyNo)
      onChange()
    } catch (error) {
      notifyError(error)
    }
  }
  return (
    <section className={styles.section} aria-labelledby="bank-terms-heading" data-testid="bank-terms">
      <h2 id="bank-terms-heading" className={styles.heading}>
        {t('terms.heading')}
      </h2>
      <p>{t('terms.body')}</p>
      <p className={styles.muted}>{t('terms.version', { version: terms.current_version })}</p>
      {terms.accepted ? (
        <div className={styles.row}>
          <span data-testid="bank-terms-accepted">
            {t('terms.accepted', { name: terms.accepted.accepted_by_name ?? '–', date: formatDate(terms.accepted.accepted_at.slice(0, 10), language), version: terms.accepted.version })}
          </span>
          <Button variant="danger" onClick={() => void withdraw()} data-testid="bank-terms-withdraw">
            {t('terms.withdraw')}
          </Button>
        </div>
      ) : (
        <div className={styles.row}>
          <Button variant="primary" onClick={() => void accept()} data-testid="bank-terms-accept">
            {t('terms.accept')}
          </Button>
          <span className={styles.muted}>{t('terms.required')}</span>
        </div>
      )}
    </section>
  )
}
