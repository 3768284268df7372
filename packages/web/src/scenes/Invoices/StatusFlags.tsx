import { Label } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { statusFlags, type DocumentStatus } from '@portal/sdk/domain'
import styles from './Invoices.module.css'

type Variant = 'success' | 'done' | 'accent' | 'danger' | 'attention' | 'secondary'

const VARIANT: Record<keyof typeof DocumentStatus, Variant> = {
  Confirmed: 'success',
  Booked: 'done',
  ERPImported: 'accent',
  ERPError: 'danger',
  ERPInfo: 'attention',
  BadRendering: 'attention',
  Broken: 'danger',
}

/** The status flags of a document (SPEC §3) as small labels, in bit order; nothing when none is set. */
export function StatusFlags({ status }: { status: number }) {
  const { t } = useTranslation('domain')
  const flags = statusFlags(status)
  if (flags.length === 0) return null
  return (
    <span className={styles.flags} data-testid="status-flags">
      {flags.map((flag) => (
        <Label key={flag} size="small" variant={VARIANT[flag]} data-flag={flag}>
          {t(`status.${flag}`)}
        </Label>
      ))}
    </span>
  )
}
