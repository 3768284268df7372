import { Button } from '@primer/react'
import { AlertIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import type { ListFilters } from './listQuery'

/** Props of ErpErrorFilter. */
export interface ErpErrorFilterProps {
  filters: ListFilters
  onChange: (filters: ListFilters) => void
}

/**
 * One press narrows the list to the documents the ERP refused (status ERPError, the same status filter the filter
 * panel offers), a second press shows all again; the choice is kept in the URL like every filter.
 */
export function ErpErrorFilter({ filters, onChange }: ErpErrorFilterProps) {
  const { t } = useTranslation('erpScreen')
  const on = filters.status === 'ERPError'
  return (
    <Button
      size="small"
      variant={on ? 'danger' : 'default'}
      leadingVisual={AlertIcon}
      aria-pressed={on}
      title={t('document.filterHint')}
      onClick={() => onChange({ ...filters, status: on ? '' : 'ERPError' })}
      data-testid="erp-error-filter"
    >
      {t('document.filter')}
    </Button>
  )
}
