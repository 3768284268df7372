import { dateFormat } from '@portal/sdk/i18n'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { FormControl, Select } from '@primer/react'
import { useTranslation } from 'react-i18next'
import type { KerGranularity } from '@portal/sdk/domain'
import type { AccPeriod, KerReport, KerReportQuery } from '@portal/sdk/services'
import { Loading } from '../../components/Loading/Loading'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import { useCompany } from '../../hooks/useCompany'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { KerCharts } from './KerCharts'
import { KerExports } from './KerExports'
import { KerMappingPanel } from './KerMappingPanel'
import { KerTable } from './KerTable'
import styles from './Reports.module.css'

/**
 * Reports (SPEC §2 `/reports/{client}`, permission rep; the period data loads even without acc): the KER — revenue,
 * costs by class and the result before taxes of a month, quarter or year against the prior year, as charts and as a
 * table, with PDF/CSV/Excel exports and the firm's account-class mapping. The years come from acc-periods.
 */
export function ReportsScene() {
  const { t } = useTranslation('reports')
  const { t: tShell } = useTranslation('shell')
  const { client, language } = useSession()
  const { client: companyNo, data } = useCompany()
  const { notifyError } = useSnackbar()
  const periods = data.accountingPeriods as readonly AccPeriod[] | undefined
  const years = useMemo(() => [...new Set((periods ?? []).map((period) => period.accounting))].sort((a, b) => b - a), [periods])
  const [year, setYear] = useState<number | null>(null)
  const [granularity, setGranularity] = useState<KerGranularity>('year')
  const [index, setIndex] = useState(1)
  const [report, setReport] = useState<KerReport | null>(null)
  const [reload, setReload] = useState(0)
  const chosenYear = year !== null && years.includes(year) ? year : (years[0] ?? null)
  const query = useMemo<KerReportQuery | null>(
    () => (chosenYear === null || companyNo <= 0 ? null : { client: companyNo, year: chosenYear, granularity, ...(granularity === 'year' ? {} : { index }) }),
    [companyNo, chosenYear, granularity, index],
  )

  useEffect(() => {
    if (!query) return
    let current = true
    setReport(null)
    client
      .service('ker-report')
      .find({ query })
      .then((answer) => current && setReport(answer))
      .catch((error: unknown) => current && notifyError(error))
    return () => {
      current = false
    }
  }, [client, query, notifyError, reload])
  const refresh = useCallback(() => setReload((value) => value + 1), [])

  const monthName = dateFormat(language, { month: 'long', timeZone: 'UTC' })
  const periodsLoaded = periods !== undefined
  return (
    <PageFrame title={tShell('routes.reports', { defaultValue: t('title') })} testId="scene-reports" wide>
      <h2 className={styles.heading}>{t('kerTitle')}</h2>
      <p className={styles.muted}>{t('intro')}</p>
      {!periodsLoaded ? (
        <Loading label={t('loading')} />
      ) : years.length === 0 ? (
        <p data-testid="ker-no-periods">{t('noPeriods')}</p>
      ) : (
        <>
          <div className={styles.controls}>
            <FormControl>
              <FormControl.Label>{t('period.year')}</FormControl.Label>
              <Select value={String(chosenYear)} onChange={(event) => setYear(Number(event.target.value))} data-testid="ker-year">
                {years.map((value) => (
                  <Select.Option key={value} value={String(value)}>
                    {value}
                  </Select.Option>
                ))}
              </Select>
            </FormControl>
            <FormControl>
              <FormControl.Label>{t('period.granularity')}</FormControl.Label>
              <Select
                value={granularity}
                onChange={(event) => {
                  setGranularity(event.target.value as KerGranularity)
                  setIndex(1)
                }}
                data-testid="ker-granularity"
              >
                <Select.Option value="year">{t('period.wholeYear')}</Select.Option>
                <Select.Option value="quarter">{t('period.quarter')}</Select.Option>
                <Select.Option value="month">{t('period.month')}</Select.Option>
              </Select>
            </FormControl>
            {granularity !== 'year' ? (
              <FormControl>
                <FormControl.Label>{granularity === 'quarter' ? t('period.quarter') : t('period.month')}</FormControl.Label>
                <Select value={String(index)} onChange={(event) => setIndex(Number(event.target.value))} data-testid="ker-index">
                  {Array.from({ length: granularity === 'quarter' ? 4 : 12 }, (_, at) => at + 1).map((value) => (
                    <Select.Option key={value} value={String(value)}>
                      {granularity === 'quarter' ? t('period.quarterN', { n: value }) : monthName.format(new Date(Date.UTC(2000, value - 1, 1)))}
                    </Select.Option>
                  ))}
                </Select>
              </FormControl>
            ) : null}
            {query ? <KerExports query={query} /> : null}
          </div>
          {!report ? (
            <Loading label={t('loading')} />
          ) : report.bookings === 0 ? (
            <p data-testid="ker-empty">{t('empty', { year: report.year, prior: report.year - 1 })}</p>
          ) : (
            <>
              <section className={styles.section} aria-label={t('kerTitle')}>
                <p className={styles.muted} data-testid="ker-basis" data-basis={report.basis}>
                  {t(`basis.${report.basis}`)}
                </p>
                {report.cumulative_to !== null ? (
                  <p className={styles.muted} data-testid="ker-cumulative">
                    {t('period.cumulativeNote', { month: t(`monthName.${report.cumulative_to}` as 'monthName.1') })}
                  </p>
                ) : null}
                <KerTable report={report} language={language} />
              </section>
              <section className={styles.section}>
                <KerCharts chart={report.chart} year={report.year} language={language} />
              </section>
            </>
          )}
          <KerMappingPanel companyNo={companyNo} onSaved={refresh} />
        </>
      )}
    </PageFrame>
  )
}
