import { useMemo, useState } from 'react'
import { Banner, Button } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { createLiveQuery } from '@portal/sdk/client'
import { formatDate } from '@portal/sdk/i18n'
import type { MonthCheck, MonthChecksQuery } from '@portal/sdk/services'
import { checkLight, MONTH_CHECK_REASONS, MONTH_CHECKS, releaseRefusal, type MonthCheckName } from '@portal/sdk/state'
import { Loading } from '../../components/Loading/Loading'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import { useCan } from '../../hooks/useCan'
import { useCompany } from '../../hooks/useCompany'
import { useLiveQuery } from '../../hooks/useLiveQuery'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { MonthLightLabel } from '../Overview/MonthLightLabel'
import styles from './MonthCheck.module.css'

/** The company's checks of the last six months, kept current by releases and by its documents' events. */
function useMonthChecks(companyNo: number, enabled: boolean, onError: (error: unknown) => void) {
  const { client } = useSession()
  const live = useMemo(
    () =>
      enabled
        ? createLiveQuery<MonthCheck, MonthChecksQuery>(client.service('month-checks'), { client: companyNo, months: 6 }, {
            mode: 'refetch',
            watch: [client.service('documents')],
            belongsTo: (record) => record.company_no === companyNo,
            reconnects: client.socket.io,
          })
        : null,
    [client, companyNo, enabled],
  )
  return useLiveQuery(live, onError)
}

/** One check of a month (documents in, statements complete, cash book closed) with its reasons. */
function CheckLine({ check, name }: { check: MonthCheck; name: MonthCheckName }) {
  const { t } = useTranslation('overview')
  const reasons = check.reasons.filter((reason) => MONTH_CHECK_REASONS[reason.code].check === name)
  const notKept = name === 'cashBookClosed' && !check.cash_book
  return (
    <li className={styles.check} data-testid={`check-${name}`}>
      <span className={styles.checkName}>{t(`checks.${name}`)}</span>
      {notKept ? null : <MonthLightLabel light={checkLight(reasons, name)} />}
      <span className={styles.reasons}>
        {notKept ? t('cashBookNone') : reasons.length === 0 ? t('checkOk') : reasons.map((reason) => t(`reasons.${reason.code}`, { count: reason.count })).join(' · ')}
      </span>
    </li>
  )
}

/**
 * The month check (`/month-check/{client}`, issue 34): for each of the last six months, whether the documents are in,
 * the bank statements complete and the cash book closed, as a light with its reasons; the company releases a month
 * ("everything is in") and may withdraw it until the firm exported the month.
 */
export function MonthCheckScene() {
  const { t, i18n } = useTranslation('overview')
  const { t: tShell } = useTranslation('shell')
  const { client } = useSession()
  const { client: companyNo, companies } = useCompany()
  const { notify, notifyError } = useSnackbar()
  const company = companies.find((candidate) => candidate.company_no === companyNo)
  const mayRead = useCan('month-checks', 'find', { companyNo })
  const mayRelease = useCan('month-checks', 'create', { companyNo })
  const state = useMonthChecks(companyNo, mayRead && company !== undefined, notifyError)
  const [busy, setBusy] = useState<string | null>(null)
  const language = i18n.language
  const monthName = (month: string) => formatDate(`${month}-01`, language, { month: 'long', year: 'numeric' })

  const act = async (check: MonthCheck, action: 'release' | 'withdraw') => {
    setBusy(check.id)
    try {
      const service = client.service('month-checks')
      if (action === 'release') await service.create({ company_no: check.company_no, month: check.month })
      else await service.remove(check.id)
      notify({ kind: 'success', text: t(action === 'release' ? 'monthCheck.releasedNotice' : 'monthCheck.withdrawnNotice', { month: monthName(check.month) }) })
    } catch (error) {
      notifyError(error)
    } finally {
      setBusy(null)
    }
  }

  return (
    <PageFrame title={tShell('routes.month-check')} testId="scene-month-check">
      <p className={styles.muted}>{t('monthCheck.intro')}</p>
      {!state || state.loading ? (
        <Loading label={t('monthCheck.months')} />
      ) : (
        <ol className={styles.months} aria-label={t('monthCheck.months')}>
          {state.items.map((check) => (
            <li key={check.id} className={styles.month} data-testid="month" data-month={check.month}>
              <div className={styles.monthHead}>
                <h2 className={styles.monthName}>{monthName(check.month)}</h2>
                <MonthLightLabel light={check.light} />
                <span className={styles.muted} data-testid="month-release">
                  {check.released
                    ? t('releasedBy', { name: check.released.released_by_name ?? '?', date: formatDate(check.released.released_at, language) })
                    : t('notReleased')}
                  {check.exported ? ` · ${t('exported')}` : ''}
                </span>
              </div>
              <ul className={styles.checks}>
                {MONTH_CHECKS.map((name) => (
                  <CheckLine key={name} check={check} name={name} />
                ))}
              </ul>
              {mayRelease ? (
                check.released ? (
                  releaseRefusal({ released: true, exported: check.exported }, 'withdraw') ? (
                    <Banner variant="info" title={t('error.exported')} hideTitle={false} data-testid="withdraw-refused" />
                  ) : (
                    <Button onClick={() => void act(check, 'withdraw')} disabled={busy === check.id} data-testid="month-withdraw">
                      {t('monthCheck.withdraw', { month: monthName(check.month) })}
                    </Button>
                  )
                ) : (
                  <div className={styles.release}>
                    {check.light !== 'green' ? <p className={styles.muted}>{t('monthCheck.releaseWhileRed')}</p> : null}
                    <Button variant="primary" onClick={() => void act(check, 'release')} disabled={busy === check.id} data-testid="month-release-button">
                      {t('monthCheck.release', { month: monthName(check.month) })}
                    </Button>
                  </div>
                )
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </PageFrame>
  )
}
