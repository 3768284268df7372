import { useEffect, useState, type FormEvent } from 'react'
import { Button, FormControl, Select, TextInput } from '@primer/react'
import { FilterIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import { DocumentStatus } from '@portal/sdk/domain'
import { ErpErrorFilter } from './ErpErrorFilter'
import { activeFilterCount, LIST_SORTS, NO_FILTERS, type ListFilters, type ListSort } from './listQuery'
import styles from './Invoices.module.css'

/** Props of ListToolbar. */
export interface ListToolbarProps {
  sort: ListSort
  filters: ListFilters
  onChange: (sort: ListSort, filters: ListFilters) => void
  /** The view lists outgoing invoices: the partner is the customer. */
  outgoing: boolean
  /** The view holds booked documents: offer the one-press "ERP errors" filter. */
  erpFilter?: boolean
}

/** Sort and filter the list: date range, supplier or customer, gross range, status. */
export function ListToolbar({ sort, filters, onChange, outgoing, erpFilter = false }: ListToolbarProps) {
  const { t } = useTranslation('invoices')
  const [open, setOpen] = useState(activeFilterCount(filters) > 0)
  const [draft, setDraft] = useState(filters)
  useEffect(() => setDraft(filters), [filters])
  const count = activeFilterCount(filters)
  const set = (key: keyof ListFilters) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }))
  const apply = (event: FormEvent) => {
    event.preventDefault()
    onChange(sort, draft)
  }
  return (
    <div className={styles.toolbar}>
      <div className={styles.toolbarRow}>
        <FormControl id="list-sort">
          <FormControl.Label visuallyHidden>{t('sort.label')}</FormControl.Label>
          <Select size="small" value={sort} onChange={(event) => onChange(event.target.value as ListSort, filters)} aria-label={t('sort.label')}>
            {LIST_SORTS.map((option) => (
              <Select.Option key={option} value={option}>
                {t(`sort.${option}`)}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <Button size="small" leadingVisual={FilterIcon} aria-expanded={open} aria-controls="list-filters" onClick={() => setOpen((o) => !o)} data-testid="filters-toggle">
          {count > 0 ? t('filters.toggleCount', { count }) : t('filters.toggle')}
        </Button>
        {erpFilter ? <ErpErrorFilter filters={filters} onChange={(next) => onChange(sort, next)} /> : null}
      </div>
      {open ? (
        <form id="list-filters" className={styles.filters} onSubmit={apply} aria-label={t('filters.heading')} data-testid="filters">
          <FormControl id="filter-date-from">
            <FormControl.Label>{t('filters.dateFrom')}</FormControl.Label>
            <TextInput type="date" size="small" value={draft.dateFrom} onChange={set('dateFrom')} />
          </FormControl>
          <FormControl id="filter-date-to">
            <FormControl.Label>{t('filters.dateTo')}</FormControl.Label>
            <TextInput type="date" size="small" value={draft.dateTo} onChange={set('dateTo')} />
          </FormControl>
          <FormControl id="filter-partner" className={styles.wide}>
            <FormControl.Label>{outgoing ? t('list.columns.customer') : t('list.columns.supplier')}</FormControl.Label>
            <TextInput size="small" value={draft.partner} onChange={set('partner')} maxLength={100} block />
          </FormControl>
          <FormControl id="filter-amount-min">
            <FormControl.Label>{t('filters.amountMin')}</FormControl.Label>
            <TextInput size="small" inputMode="decimal" value={draft.amountMin} onChange={set('amountMin')} />
          </FormControl>
          <FormControl id="filter-amount-max">
            <FormControl.Label>{t('filters.amountMax')}</FormControl.Label>
            <TextInput size="small" inputMode="decimal" value={draft.amountMax} onChange={set('amountMax')} />
          </FormControl>
          <FormControl id="filter-status" className={styles.wide}>
            <FormControl.Label>{t('filters.status')}</FormControl.Label>
            <Select size="small" value={draft.status} onChange={set('status')} block>
              <Select.Option value="">{t('filters.anyStatus')}</Select.Option>
              <Select.Option value="none">{t('status.none')}</Select.Option>
              {(Object.keys(DocumentStatus) as (keyof typeof DocumentStatus)[]).map((flag) => (
                <Select.Option key={flag} value={flag}>
                  {t(`domain:status.${flag}`)}
                </Select.Option>
              ))}
            </Select>
          </FormControl>
          <div className={styles.filterButtons}>
            <Button type="submit" size="small" variant="primary">
              {t('filters.apply')}
            </Button>
            <Button size="small" onClick={() => onChange(sort, NO_FILTERS)} disabled={count === 0}>
              {t('filters.clear')}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  )
}
