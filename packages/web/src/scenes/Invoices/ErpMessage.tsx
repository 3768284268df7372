import { Banner } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { DocumentStatus, hasStatus } from '@portal/sdk/domain'

/** Props of ErpMessage. */
export interface ErpMessageProps {
  status: number
  /** The ERP's message from its import result file. */
  message: string | null | undefined
}

/**
 * What the ERP said about the document when it read the export (SPEC §3 ERPError / ERPInfo): its refusal in red, a
 * notice in blue, each with the ERP's own words. Nothing when the ERP has not answered or imported it without remark.
 */
export function ErpMessage({ status, message }: ErpMessageProps) {
  const { t } = useTranslation('erpScreen')
  const error = hasStatus(status, DocumentStatus.ERPError)
  if (!error && !hasStatus(status, DocumentStatus.ERPInfo)) return null
  const title = error ? t('document.errorTitle') : t('document.infoTitle')
  return (
    <Banner
      variant={error ? 'critical' : 'info'}
      title={title}
      description={message || t('document.noMessage')}
      data-testid={error ? 'erp-error' : 'erp-info'}
    />
  )
}
