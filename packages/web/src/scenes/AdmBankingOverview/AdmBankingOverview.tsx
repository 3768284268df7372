import { useCallback, useEffect, useState } from 'react'
import { Button, FormControl, Select, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { BANK_ACCESS_PHASES, type BankAccessPhase } from '@portal/sdk/domain'
import type { BankAccessRecord } from '@portal/sdk/services'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { formatDate } from '../UnpaidItems/format'
import { AccessStateLabel } from '../Banking/AccessStateLabel'
import styles from '../Banking/Banking.module.css'


/**
 * Bank approvals (SPEC §2 `/admin/adm-banking/overview`, adm): every client company's access requests at once, no
 * company picker; pending first, filter by state, approve (90 days of read access) or reject with a reason.
 */
export function AdmBankingOverviewScene() {
  const { t } = useTranslation('banking')
  const { t: tShell } = useTranslation('shell')
  const { client, language } = useSession()
  const { notifyError } = useSnackbar()
  const [state, setState] = useState<BankAccessPhase | ''>('pending')
  const [search, setSearch] = useState('')
  const [rows, setRows] = useState<BankAccessRecord[] | null>(null)
  const [reasons, setReasons] = useState<Record<number, string>>({})

  const load = useCallback(async () => {
    try {
      setRows(await client.service('bank-approvals').find({ query: { ...(state ? { state } : {}), ...(search.trim() ? { search: search.trim() } : {}) } }))
    } catch (error) {
      notifyError(error)
    }
  }, [client, state, search, notifyError])
  useEffect(() => {
    const timer = setTimeout(() => void load(), 150)
    return () => clearTimeout(timer)
  }, [load])
  useEffect(() => {
    const service = client.service('bank-approvals')
    const onChange = () => void load()
    service.on('created', onChange)
    service.on('patched', onChange)
    return () => {
      service.off('created', onChange)
      service.off('patched', onChange)
    }
  }, [client, load])

  const decide = async (row: BankAccessRecord, decision: 'approve' | 'reject') => {
    try {
      const reason = reasons[row.id]?.trim()
      await client.service('bank-approvals').patch(row.id, { decision, ...(reason ? { reason } : {}) })
      await load()
    } catch (error) {
      notifyError(error)
    }
  }

  return (
    <PageFrame title={tShell('routes.adm-banking-overview', { defaultValue: t('approvals.title') })} testId="scene-adm-banking-overview" wide>
      <p className={styles.intro}>{t('approvals.intro')}</p>
      <div className={styles.row} role="search">
        <FormControl>
          <FormControl.Label>{t('approvals.filter')}</FormControl.Label>
          <Select value={state} onChange={(event) => setState(event.target.value as BankAccessPhase | '')} data-testid="bank-approvals-state">
            <Select.Option value="">{t('approvals.all')}</Select.Option>
            {BANK_ACCESS_PHASES.map((phase) => (
              <Select.Option key={phase} value={phase}>
                {t(`state.${phase}`)}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <FormControl>
          <FormControl.Label>{t('approvals.search')}</FormControl.Label>
          <TextInput value={search} onChange={(event) => setSearch(event.target.value)} data-testid="bank-approvals-search" />
        </FormControl>
      </div>
      {rows === null ? <p className={styles.muted}>…</p> : null}
      {rows && rows.length === 0 ? <p className={styles.muted}>{t('approvals.empty')}</p> : null}
      {rows && rows.length > 0 ? (
        <table className={styles.table} data-testid="bank-approvals">
          <thead>
            <tr>
              <th>{t('approvals.company')}</th>
              <th>{t('accounts.iban')}</th>
              <th>{t('approvals.requestedBy')}</th>
              <th>{t('approvals.filter')}</th>
              <th>{t('approvals.expires')}</th>
              <th>{t('accounts.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid={`bank-approval-${row.iban}`}>
                <td>
                  {row.company_no} {row.company_name ?? ''}
                </td>
                <td>
                  {row.iban}
                  {row.name ? <div className={styles.muted}>{row.name}</div> : null}
                </td>
                <td>
                  {row.requested_by_name ?? '–'}
                  <div className={styles.muted}>{formatDate(row.requested_at.slice(0, 10), language)}</div>
                </td>
                <td>
                  <AccessStateLabel state={row.state} />
                  <div className={styles.muted}>{row.events.map((event) => `${t(`event.${event.action}` as 'event.request', { defaultValue: event.action })} ${event.actor_name ?? ''}`).join(' → ')}</div>
                </td>
                <td>{row.expires_on ? formatDate(row.expires_on, language) : '–'}</td>
                <td>
                  {row.status === 'pending' ? (
                    <div className={styles.row}>
                      <TextInput
                        aria-label={t('approvals.reason')}
                        placeholder={t('approvals.reason')}
                        value={reasons[row.id] ?? ''}
                        onChange={(event) => setReasons({ ...reasons, [row.id]: event.target.value })}
                      />
                      <Button variant="primary" onClick={() => void decide(row, 'approve')} data-testid="bank-approve">
                        {t('approvals.approve')}
                      </Button>
                      <Button variant="danger" onClick={() => void decide(row, 'reject')} data-testid="bank-reject">
                        {t('approvals.reject')}
                      </Button>
                    </div>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </PageFrame>
  )
}
