import { useEffect, useState } from 'react'
import { Button, FormControl, Select, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { viennaToday } from '@portal/sdk/domain'
import { formatDate } from '@portal/sdk/i18n'
import { OVERVIEW_FILTERS, previousMonth, shiftMonth, type OverviewFilter } from '@portal/sdk/state'
import { Loading } from '../../components/Loading/Loading'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { OverviewTable, type OverviewSort } from './OverviewTable'
import { useCompanyOverview } from './useCompanyOverview'
import styles from './Overview.module.css'

/** Rows shown at first and added by "Show more". */
const PAGE = 100

/** The months the dashboard can check: the last twelve before the current one, newest first. */
function checkableMonths(today: string): string[] {
  const last = previousMonth(today)
  return Array.from({ length: 12 }, (_, back) => shiftMonth(last, -back))
}

/**
 * The firm dashboard (`/overview`, ove; issue 34): every company the user holds with its open incoming invoices,
 * editor documents, unpaid items due, open (and overdue) requests, unmatched bank transactions, last ERP export, FON
 * state and the month check's light with the client's release; sorted and filtered on the server, live.
 */
export function OverviewScene() {
  const { t, i18n } = useTranslation('overview')
  const { t: tShell } = useTranslation('shell')
  const { user } = useSession()
  const { notifyError } = useSnackbar()
  const months = checkableMonths(viennaToday())
  const [month, setMonth] = useState(months[0])
  const [only, setOnly] = useState<OverviewFilter>('all')
  const [typed, setTyped] = useState('')
  const [search, setSearch] = useState('')
  const [sort, setSort] = useState<OverviewSort>({ field: 'company_no', direction: 1 })
  const [limit, setLimit] = useState(PAGE)
  // Typing narrows the list once the user pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 250)
    return () => clearTimeout(timer)
  }, [typed])
  const state = useCompanyOverview(
    { month, only, ...(search ? { search } : {}), $sort: { [sort.field]: sort.direction }, $limit: limit },
    notifyError,
  )

  return (
    <PageFrame title={tShell('routes.overview')} testId="scene-overview" wide>
      <p className={styles.muted}>{t('intro')}</p>
      <form className={styles.filters} role="search" aria-label={t('table')} onSubmit={(event) => event.preventDefault()}>
        <FormControl>
          <FormControl.Label>{t('search')}</FormControl.Label>
          <TextInput value={typed} onChange={(event) => setTyped(event.target.value)} data-testid="overview-search" />
        </FormControl>
        <FormControl>
          <FormControl.Label>{t('filter')}</FormControl.Label>
          <Select value={only} onChange={(event) => setOnly(event.target.value as OverviewFilter)} data-testid="overview-filter">
            {OVERVIEW_FILTERS.map((filter) => (
              <Select.Option key={filter} value={filter}>
                {t(`filters.${filter}`)}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <FormControl>
          <FormControl.Label>{t('month')}</FormControl.Label>
          <Select value={month} onChange={(event) => setMonth(event.target.value)} data-testid="overview-month">
            {months.map((value) => (
              <Select.Option key={value} value={value}>
                {formatDate(`${value}-01`, i18n.language, { month: 'long', year: 'numeric' })}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
      </form>
      {!state || state.loading ? (
        <Loading label={t('table')} />
      ) : state.items.length === 0 ? (
        <p data-testid="overview-empty">{t('empty')}</p>
      ) : (
        <>
          <OverviewTable rows={state.items} sort={sort} onSort={setSort} permissions={user?.permissions_array ?? []} />
          <p className={styles.muted} role="status" data-testid="overview-count">
            {t('rows', { shown: state.items.length, total: state.total })}
          </p>
          {state.items.length < state.total ? (
            <Button onClick={() => setLimit(limit + PAGE)} data-testid="overview-more">
              {t('more')}
            </Button>
          ) : null}
        </>
      )}
    </PageFrame>
  )
}
