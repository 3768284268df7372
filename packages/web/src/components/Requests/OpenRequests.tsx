import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { useRequests } from '../../hooks/useRequests'
import { useSnackbar } from '../../hooks/useSnackbar'
import { RequestItem } from './RequestItem'
import styles from './Requests.module.css'

/**
 * The company's landing block: what the tax firm asks of it (open requests, live), answered right here with a text or
 * an upload. Shown only while there is something open, so a company with nothing asked sees its page as before.
 */
export function OpenRequests({ companyNo }: { companyNo: number }) {
  const { t } = useTranslation('requests')
  const { notifyError } = useSnackbar()
  const state = useRequests(companyNo, 'open', notifyError)
  if (!state || state.items.length === 0) return null
  return (
    <section className={styles.section} aria-labelledby="open-requests-heading" data-testid="open-requests">
      <h2 id="open-requests-heading">{t('landing.heading')}</h2>
      <ul className={styles.list}>
        {state.items.map((request) => (
          <RequestItem key={request.id} request={request} />
        ))}
      </ul>
      <p>
        <Link to={`/requests/${companyNo}`} data-testid="open-requests-all">
          {t('title')}
        </Link>
      </p>
    </section>
  )
}
