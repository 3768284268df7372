import { useEffect, useRef } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { Link } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { translateMessage } from '@portal/sdk/i18n'
import type { ErpRefusal } from '@portal/sdk/services'
import { erpRefusalMessage } from '@portal/sdk/state'
import { accountingHref } from './documentHref'
import styles from './ErpExport.module.css'

/** Props of RefusalList. */
export interface RefusalListProps {
  companyNo: number
  refusals: readonly ErpRefusal[]
}

/**
 * The pre-export check's refusals: one line per booking with the reason in the user's language and a link to the
 * document. Focus moves to the heading when it appears, so keyboard and screen-reader users hear what went wrong.
 */
export function RefusalList({ companyNo, refusals }: RefusalListProps) {
  const { t } = useTranslation('erpScreen')
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [refusals])
  return (
    <div className={styles.refusals} data-testid="export-refusals">
      <h3 ref={heading} tabIndex={-1} className={styles.heading}>
        {t('refusals.heading', { count: refusals.length })}
      </h3>
      <p className={styles.muted}>{t('refusals.intro')}</p>
      <ul>
        {refusals.map((refusal, index) => (
          <li key={`${refusal.document_id ?? 'batch'}-${refusal.booking_no ?? index}-${refusal.reason}`} data-testid="export-refusal" data-document-id={refusal.document_id ?? undefined} data-reason={refusal.reason}>
            {translateMessage(t, erpRefusalMessage(refusal))}{' '}
            {refusal.document_id !== null ? (
              <Link as={RouterLink} to={accountingHref(companyNo, refusal.document_id)}>
                {t('refusals.openDocument', { id: refusal.document_id })}
              </Link>
            ) : (
              <span className={styles.muted}>({t('refusals.batchWide')})</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}
