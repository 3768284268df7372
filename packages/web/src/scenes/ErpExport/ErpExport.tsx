import { useCallback, useEffect, useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { Link } from '@primer/react'
import { ArrowLeftIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import type { ErpExportBatch } from '@portal/sdk/services'
import { buildPath, routeByName } from '@portal/sdk/state'
import { Loading } from '../../components/Loading/Loading'
import { EmptyState, PageFrame } from '../../components/PageFrame/PageFrame'
import { useAccessToken } from '../../hooks/useAccessToken'
import { useCan } from '../../hooks/useCan'
import { useCompany } from '../../hooks/useCompany'
import { useErpBatches } from '../../hooks/useErpBatches'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { BatchTable } from './BatchTable'
import { downloadBatch } from './downloadBatch'
import { ExportForm } from './ExportForm'
import { ErpSettingsPanel } from './ErpSettingsPanel'
import { ResultUpload } from './ResultUpload'
import styles from './ErpExport.module.css'

/**
 * ERP export (`/erp-export/{client}`, acc or exp; opened from Accounting): create a batch of booked documents for a
 * period or date range in the ERP's format after the server's check, the company's batches live (download again,
 * documents with the ERP's answer, mark imported with exp, revoke), and the ERP's import result file read back (exp).
 */
export function ErpExportScene() {
  const { t } = useTranslation('erpScreen')
  const { t: tShell } = useTranslation('shell')
  const { client } = useSession()
  const { client: companyNo, companies } = useCompany()
  const { notify, notifyError } = useSnackbar()
  const token = useAccessToken(client)
  const company = companies.find((c) => c.company_no === companyNo)
  const mayList = useCan('erp-exports', 'find', { companyNo })
  const mayCreate = useCan('erp-exports', 'create', { companyNo })
  const mayMark = useCan('erp-exports', 'patch', { companyNo })
  const mayRevoke = useCan('erp-exports', 'remove', { companyNo })
  const mayReadResults = useCan('erp-import-results', 'create', { companyNo })
  const mayReadSettings = useCan('erp-settings', 'find', { companyNo })
  const list = useErpBatches(client, companyNo, mayList && company !== undefined, notifyError)
  const [busyId, setBusyId] = useState<number | null>(null)
  const [focusId, setFocusId] = useState<number | null>(null)

  // A new batch's download button takes the focus once its row is there, so Enter downloads it.
  useEffect(() => {
    if (focusId === null || !list.batches.some((batch) => batch.id === focusId)) return
    document.querySelector<HTMLElement>(`[data-testid=batch-row][data-batch-id="${focusId}"] [data-testid=batch-download]`)?.focus()
    setFocusId(null)
  }, [focusId, list.batches])

  const { refetch } = list
  const onExported = useCallback(
    (batch: ErpExportBatch) => {
      setFocusId(batch.id)
      refetch()
    },
    [refetch],
  )
  const onDownload = useCallback(
    async (batch: ErpExportBatch) => {
      const outcome = await downloadBatch(batch, token)
      if (!outcome.ok) notify({ kind: 'error', text: t('notice.downloadFailed', { id: batch.id, status: outcome.status }) })
    },
    [token, notify, t],
  )
  const change = useCallback(
    async (batch: ErpExportBatch, action: 'revoke' | 'mark') => {
      setBusyId(batch.id)
      try {
        const service = client.service('erp-exports')
        if (action === 'revoke') await service.remove(batch.id)
        else await service.patch(batch.id, { imported: true })
        notify({ kind: 'success', text: t(action === 'revoke' ? 'notice.revoked' : 'notice.marked', { id: batch.id }) })
        refetch()
      } catch (error) {
        notifyError(error)
      } finally {
        setBusyId(null)
      }
    },
    [client, notify, notifyError, t, refetch],
  )

  const title = tShell('routes.erp-export')
  if (!company) {
    return (
      <PageFrame title={title} testId="scene-erp-export">
        <p className={styles.muted}>{t('invoices:list.noCompany')}</p>
      </PageFrame>
    )
  }
  const accounting = buildPath(routeByName('invoices').path, { client: companyNo })
  return (
    <PageFrame title={title} testId="scene-erp-export">
      <Link as={RouterLink} to={accounting} className={styles.back}>
        <ArrowLeftIcon size={16} /> {t('back')}
      </Link>
      <p className={styles.intro}>{t('intro')}</p>
      {mayCreate ? <ExportForm companyNo={companyNo} onExported={onExported} /> : null}
      <section className={styles.section} aria-labelledby="erp-batches-heading">
        <h2 id="erp-batches-heading" className={styles.heading}>
          {t('batches.heading')}
        </h2>
        {list.loading && list.batches.length === 0 ? (
          <Loading label={t('batches.loading')} />
        ) : list.batches.length === 0 ? (
          <EmptyState title={t('batches.heading')} text={t('batches.empty')} />
        ) : (
          <BatchTable
            batches={list.batches}
            companyNo={companyNo}
            caption={t('batches.caption', { company: `${company.company_no} ${company.company_name}` })}
            mayMark={mayMark}
            mayRevoke={mayRevoke}
            onDownload={(batch) => void onDownload(batch)}
            onRevoke={(batch) => void change(batch, 'revoke')}
            onMarkImported={(batch) => void change(batch, 'mark')}
            busyId={busyId}
          />
        )}
      </section>
      {mayReadResults ? <ResultUpload companyNo={companyNo} /> : null}
      {mayReadSettings ? <ErpSettingsPanel key={companyNo} companyNo={companyNo} /> : null}
    </PageFrame>
  )
}
