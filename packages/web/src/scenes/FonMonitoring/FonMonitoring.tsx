import { useCallback, useEffect, useState } from 'react'
import { Banner, Button } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { FON_STALE_DAYS, type FonItem } from '@portal/sdk/services'
import { Loading } from '../../components/Loading/Loading'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { FonFilters, type FonFilterValues } from './FonFilters'
import { FonTable } from './FonTable'
import { FonUserForm } from './FonUserForm'
import { ImportPanel } from './ImportPanel'
import { ItemDialog } from './ItemDialog'
import { QuotaChart } from './QuotaChart'
import { ResolveDialog } from './ResolveDialog'
import { useFonItems, useFonQuota } from './useFonLive'
import styles from './FonMonitoring.module.css'

/** Rows of one page of the table. */
export const FON_PAGE_SIZE = 50

/**
 * The quota monitoring (SPEC §2 `/fon-monitoring`, admin group): whether the firm makes each quota date (achieved vs
 * target per appointment date as a chart and as numbers, with the forecast for the next one), the items of both sides
 * reconciled (filters, server paging), conflicts resolved with a remark or reopened, live as colleagues resolve them in
 * the terminal; the imports with their progress; the stale-data and two-factor notices; the FON user form.
 */
export function FonMonitoringScene() {
  const { t, i18n } = useTranslation('fon')
  const { t: tShell } = useTranslation('shell')
  const { client } = useSession()
  const { notify, notifyError } = useSnackbar()
  const [filters, setFilters] = useState<FonFilterValues>({})
  const [skip, setSkip] = useState(0)
  const [opened, setOpened] = useState<FonItem | null>(null)
  const [resolving, setResolving] = useState<FonItem | null>(null)
  const [settingsVersion, setSettingsVersion] = useState(0)
  const overview = useFonQuota(filters.year, notifyError)
  const year = filters.year ?? overview?.year ?? undefined
  const state = useFonItems({ ...filters, $limit: FON_PAGE_SIZE, $skip: skip }, notifyError)
  const language = i18n.language

  useEffect(() => setSkip(0), [filters])
  // The opened item follows the live list (a colleague's resolution shows in the open dialog too).
  const listed = opened ? state?.items.find((item) => item.id === opened.id) : undefined
  useEffect(() => {
    if (listed && opened && listed.version !== opened.version) setOpened(listed)
  }, [listed, opened])

  const reopen = useCallback(
    async (item: FonItem) => {
      try {
        await client.service('fon-items').patch(item.id, { action: 'reopen', version: item.version })
        notify({ kind: 'success', text: t('resolve.reopened', { name: item.name }) })
      } catch (error) {
        notifyError(error)
      }
    },
    [client, notify, notifyError, t],
  )

  const total = state?.total ?? 0
  return (
    <PageFrame title={tShell('routes.fon-monitoring', { defaultValue: t('title') })} testId="scene-fon-monitoring" wide>
      <p className={styles.muted}>{t('intro')}</p>
      {overview?.stale ? (
        <Banner variant={overview.stale === 'inProgress' ? 'info' : 'warning'} title={t(`stale.${overview.stale}`, { days: FON_STALE_DAYS })} hideTitle={false} data-testid="fon-stale" />
      ) : null}
      {overview?.twoFactorMissing ? <Banner variant="warning" title={t('twoFactor.missing')} hideTitle={false} data-testid="fon-two-factor-notice" /> : null}

      <section aria-labelledby="fon-quota-heading" className={styles.section}>
        <h2 id="fon-quota-heading" className={styles.heading}>
          {overview?.year ? t('quota.heading', { year: year ?? overview.year }) : t('title')}
        </h2>
        {!overview ? (
          <Loading label={t('table.loading')} />
        ) : overview.dates.length === 0 ? (
          <p>{overview.year ? t('quota.noItems') : t('table.nothingImported')}</p>
        ) : (
          <div className={styles.charts}>
            <QuotaChart group="returns" dates={overview.dates.filter((date) => date.group === 'returns')} language={language} />
            <QuotaChart group="assessments" dates={overview.dates.filter((date) => date.group === 'assessments')} language={language} />
          </div>
        )}
      </section>

      <section aria-labelledby="fon-items-heading" className={styles.section}>
        <h2 id="fon-items-heading" className={styles.heading}>
          {t('table.caption')}
        </h2>
        <FonFilters values={filters} years={overview?.years ?? []} onChange={setFilters} />
        <p className={styles.muted}>{t('screen.keys')}</p>
        {!state || state.loading ? (
          <Loading label={t('table.loading')} />
        ) : state.items.length === 0 ? (
          <p data-testid="fon-empty">{overview && !overview.imports.quota ? t('table.nothingImported') : t('table.empty')}</p>
        ) : (
          <>
            <FonTable items={state.items} onOpen={setOpened} onResolve={setResolving} onReopen={(item) => void reopen(item)} />
            <nav className={styles.pager} aria-label={t('table.caption')}>
              <Button onClick={() => setSkip(Math.max(0, skip - FON_PAGE_SIZE))} disabled={skip === 0} data-testid="fon-previous">
                {t('table.previous')}
              </Button>
              <span data-testid="fon-page">{t('table.page', { from: skip + 1, to: Math.min(total, skip + FON_PAGE_SIZE), total })}</span>
              <Button onClick={() => setSkip(skip + FON_PAGE_SIZE)} disabled={skip + FON_PAGE_SIZE >= total} data-testid="fon-next">
                {t('table.next')}
              </Button>
            </nav>
          </>
        )}
      </section>

      {overview ? <ImportPanel imports={overview.imports} language={language} /> : null}
      <FonUserForm key={settingsVersion} onSaved={() => setSettingsVersion((value) => value + 1)} />

      {opened ? (
        <ItemDialog
          item={opened}
          language={language}
          onResolve={(item) => {
            setOpened(null)
            setResolving(item)
          }}
          onReopen={(item) => {
            setOpened(null)
            void reopen(item)
          }}
          onClose={() => setOpened(null)}
          onError={notifyError}
        />
      ) : null}
      {resolving ? (
        <ResolveDialog
          item={resolving}
          onClose={() => setResolving(null)}
          onResolved={(item) => {
            setResolving(null)
            notify({ kind: 'success', text: t('resolve.done', { name: item.name }) })
          }}
        />
      ) : null}
    </PageFrame>
  )
}
