import { useEffect, useState } from 'react'
import { Button, FormControl, Select, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { FON_RETURN_TYPES, QUOTA_CONFLICT_KINDS, QUOTA_ITEM_STATES } from '@portal/sdk/domain'
import type { FonItemsQuery, StaffMember } from '@portal/sdk/services'
import { useSession } from '../../hooks/useSession'
import styles from './FonMonitoring.module.css'

/** The filters of the quota table. */
export type FonFilterValues = Pick<FonItemsQuery, 'state' | 'conflictKind' | 'employee' | 'returnType' | 'year' | 'search'>

/** Props of FonFilters. */
export interface FonFiltersProps {
  values: FonFilterValues
  years: readonly number[]
  onChange: (values: FonFilterValues) => void
}

/** Filters by state, conflict kind, responsible employee, return type, year and a search text; each change goes to the server. */
export function FonFilters({ values, years, onChange }: FonFiltersProps) {
  const { t } = useTranslation('fon')
  const { t: tDomain } = useTranslation('domain')
  const { client } = useSession()
  const [staff, setStaff] = useState<StaffMember[]>([])
  const [search, setSearch] = useState(values.search ?? '')
  useEffect(() => {
    client
      .service('responsibility-staff')
      .find({ query: { $limit: 500 } })
      .then((page) => setStaff(page.data), () => setStaff([]))
  }, [client])
  const set = (patch: Partial<FonFilterValues>) => onChange({ ...values, ...patch })
  const pick = <K extends keyof FonFilterValues>(key: K) => (event: { target: { value: string } }) =>
    set({ [key]: event.target.value === '' ? undefined : key === 'year' ? Number(event.target.value) : event.target.value } as Partial<FonFilterValues>)

  return (
    <form
      className={styles.filters}
      role="search"
      aria-label={t('filters.label')}
      onSubmit={(event) => {
        event.preventDefault()
        set({ search: search.trim() === '' ? undefined : search.trim() })
      }}
    >
      <FormControl>
        <FormControl.Label>{t('filters.state')}</FormControl.Label>
        <Select value={values.state ?? ''} onChange={pick('state')} data-testid="filter-state">
          <Select.Option value="">{t('filters.all')}</Select.Option>
          {QUOTA_ITEM_STATES.map((state) => (
            <Select.Option key={state} value={state}>
              {tDomain(`quotaState.${state}`)}
            </Select.Option>
          ))}
        </Select>
      </FormControl>
      <FormControl>
        <FormControl.Label>{t('filters.conflictKind')}</FormControl.Label>
        <Select value={values.conflictKind ?? ''} onChange={pick('conflictKind')} data-testid="filter-conflict">
          <Select.Option value="">{t('filters.all')}</Select.Option>
          {QUOTA_CONFLICT_KINDS.map((kind) => (
            <Select.Option key={kind} value={kind}>
              {tDomain(`quotaConflict.${kind}`)}
            </Select.Option>
          ))}
        </Select>
      </FormControl>
      <FormControl>
        <FormControl.Label>{t('filters.employee')}</FormControl.Label>
        <Select value={values.employee ?? ''} onChange={pick('employee')} data-testid="filter-employee">
          <Select.Option value="">{t('filters.all')}</Select.Option>
          <Select.Option value="none">{t('filters.nobody')}</Select.Option>
          {staff.map((member) => (
            <Select.Option key={member.id} value={member.email}>
              {member.name}
            </Select.Option>
          ))}
        </Select>
      </FormControl>
      <FormControl>
        <FormControl.Label>{t('filters.returnType')}</FormControl.Label>
        <Select value={values.returnType ?? ''} onChange={pick('returnType')} data-testid="filter-type">
          <Select.Option value="">{t('filters.all')}</Select.Option>
          {FON_RETURN_TYPES.map((type) => (
            <Select.Option key={type} value={type}>
              {`${type} – ${t(`returnType.${type}`)}`}
            </Select.Option>
          ))}
        </Select>
      </FormControl>
      <FormControl>
        <FormControl.Label>{t('filters.year')}</FormControl.Label>
        <Select value={values.year ? String(values.year) : ''} onChange={pick('year')} data-testid="filter-year">
          <Select.Option value="">{t('filters.all')}</Select.Option>
          {years.map((year) => (
            <Select.Option key={year} value={String(year)}>
              {String(year)}
            </Select.Option>
          ))}
        </Select>
      </FormControl>
      <FormControl>
        <FormControl.Label>{t('filters.search')}</FormControl.Label>
        <TextInput value={search} onChange={(event) => setSearch(event.target.value)} type="search" data-testid="filter-search" maxLength={100} />
      </FormControl>
      <Button
        type="button"
        onClick={() => {
          setSearch('')
          onChange({})
        }}
      >
        {t('filters.clear')}
      </Button>
    </form>
  )
}
