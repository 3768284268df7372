import { useCallback, useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { Button, Link } from '@primer/react'
import { DeviceCameraIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import { buildPath, routeByName } from '@portal/sdk/state'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import { OpenRequests } from '../../components/Requests/OpenRequests'
import { UploadArea } from '../../components/UploadArea/UploadArea'
import { useAccessToken } from '../../hooks/useAccessToken'
import { useCan } from '../../hooks/useCan'
import { useCaptureQueue } from '../../hooks/useCaptureQueue'
import { useCompany } from '../../hooks/useCompany'
import { useOnline } from '../../hooks/useOnline'
import { useSession } from '../../hooks/useSession'
import { useUploads } from '../../hooks/useUploads'
import { CaptureSession } from './CaptureSession'
import { CaptureQueueList } from './CaptureQueueList'
import { LastUploads } from './LastUploads'
import styles from './Capture.module.css'

/**
 * `/capture/{client}` (issue 36): a client's landing on a phone. A big camera button (several pages of one receipt
 * become one document, made on the device and queued there until sent), upload from the device, the firm's open
 * requests when that service exists, what waits on this device, and the last uploads with their state.
 */
export function CaptureScene() {
  const { t } = useTranslation('documents')
  const { t: tShell } = useTranslation('shell')
  const { client } = useSession()
  const { client: companyNo, companies } = useCompany()
  const token = useAccessToken(client)
  const uploads = useUploads(companyNo, token)
  const { queue, entries } = useCaptureQueue()
  const online = useOnline()
  const mayUpload = useCan('documents', 'create', { companyNo })
  const [capturing, setCapturing] = useState(false)
  const company = companies.find((c) => c.company_no === companyNo)
  const documentHref = useCallback(
    (id: number) => buildPath(routeByName('single-document').path, { client: companyNo, document_id: id }),
    [companyNo],
  )
  const onFiles = useCallback((files: File[]) => uploads.add(files), [uploads])

  if (!company) {
    return (
      <PageFrame title={tShell('routes.capture')} testId="scene-capture">
        <p>{tShell('pages.emptyTextNoCompany')}</p>
      </PageFrame>
    )
  }
  return (
    <PageFrame title={tShell('routes.capture')} testId="scene-capture">
      {online ? null : (
        <p className={styles.offline} role="status" data-testid="capture-offline">
          {t('capture.offline')}
        </p>
      )}
      {mayUpload && capturing ? (
        <CaptureSession companyNo={companyNo} onDone={() => setCapturing(false)} onQueue={(capture) => queue.add(capture)} />
      ) : null}
      {mayUpload && !capturing ? (
        <div className={styles.start}>
          <Button
            variant="primary"
            size="large"
            block
            leadingVisual={DeviceCameraIcon}
            className={styles.cameraButton}
            onClick={() => setCapturing(true)}
            data-testid="capture-camera"
          >
            {t('capture.camera')}
          </Button>
          <p className={styles.muted}>{t('capture.cameraHint')}</p>
        </div>
      ) : null}
      <CaptureQueueList entries={entries} documentHref={documentHref} onClearFinished={() => void queue.clearFinished()} />
      <OpenRequests companyNo={companyNo} />
      {mayUpload && !capturing ? (
        <UploadArea items={uploads.items} onFiles={onFiles} onClearFinished={uploads.clearFinished} documentHref={documentHref} heading={t('capture.uploadFiles')} />
      ) : null}
      <LastUploads companyNo={companyNo} documentHref={documentHref} />
      <p>
        <Link as={RouterLink} to={buildPath(routeByName('documents').path, { client: companyNo })}>
          {t('capture.allDocuments')}
        </Link>
      </p>
    </PageFrame>
  )
}
