import { useCallback, useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { Link } from '@primer/react'
import type { UploadType } from '@portal/sdk/domain'
import { useTranslation } from 'react-i18next'
import { buildPath, routeByName } from '@portal/sdk/state'
import type { DocumentRecord } from '@portal/sdk/services'
import { Loading } from '../../components/Loading/Loading'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import { UploadArea } from '../../components/UploadArea/UploadArea'
import { useAccessToken } from '../../hooks/useAccessToken'
import { useCan } from '../../hooks/useCan'
import { useCompany } from '../../hooks/useCompany'
import { useDocuments } from '../../hooks/useDocuments'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { useUploads } from '../../hooks/useUploads'
import { DocumentsTable } from './DocumentsTable'
import { UploadKindSelect } from './UploadKindSelect'
import styles from './Documents.module.css'

/** The Documents screen (/documents/{client}, permission doc): upload area and the company's documents, live. */
export function DocumentsScene() {
  const { t } = useTranslation('documents')
  const { t: tShell } = useTranslation('shell')
  const { client, language } = useSession()
  const { client: companyNo, companies } = useCompany()
  const { notify, notifyError } = useSnackbar()
  const token = useAccessToken(client)
  const { documents, loading, retry } = useDocuments(client, companyNo, notifyError)
  const uploads = useUploads(companyNo, token)
  const company = companies.find((c) => c.company_no === companyNo)
  const mayUpload = useCan('documents', 'create', { companyNo })
  const mayRetry = useCan('documents', 'patch', { companyNo })
  const [kind, setKind] = useState<UploadType | undefined>(undefined)
  const onFiles = useCallback((files: File[]) => uploads.add(files, kind), [uploads, kind])

  const documentHref = useCallback(
    (id: number) => buildPath(routeByName('single-document').path, { client: companyNo, document_id: id }),
    [companyNo],
  )
  const onRetry = useCallback(
    async (record: DocumentRecord) => {
      try {
        await retry(record.id)
        notify({ kind: 'info', text: t('screen.list.retryStarted', { file: record.file_name }) })
      } catch (error) {
        notifyError(error)
      }
    },
    [retry, notify, notifyError, t],
  )

  if (!company) {
    return (
      <PageFrame title={tShell('routes.documents')} testId="scene-documents">
        <p className={styles.empty}>{tShell('pages.emptyTextNoCompany')}</p>
      </PageFrame>
    )
  }
  return (
    <PageFrame title={tShell('routes.documents')} testId="scene-documents">
      {mayUpload ? (
        <>
          {/* On a touch screen the camera is one tap away (issue 36). */}
          <p className="only-coarse-pointer">
            <Link as={RouterLink} to={buildPath(routeByName('capture').path, { client: companyNo })} data-testid="open-capture">
              {t('capture.camera')}
            </Link>
          </p>
          <UploadKindSelect companyNo={companyNo} value={kind} onChange={setKind} />
          <UploadArea items={uploads.items} onFiles={onFiles} onClearFinished={uploads.clearFinished} documentHref={documentHref} />
        </>
      ) : null}
      {loading ? (
        <Loading label={t('screen.list.loading')} />
      ) : documents.length === 0 ? (
        <p className={styles.empty}>{t('screen.list.empty')}</p>
      ) : (
        <DocumentsTable
          documents={documents}
          caption={t('screen.list.caption', { company: `${company.company_no} ${company.company_name}` })}
          language={language}
          documentHref={documentHref}
          onRetry={mayRetry ? onRetry : undefined}
        />
      )}
    </PageFrame>
  )
}
