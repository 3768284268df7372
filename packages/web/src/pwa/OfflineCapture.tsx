import { useEffect, useMemo, useState } from 'react'
import { Button } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { ACCESS_TOKEN_STORAGE_KEY, tokenSubject } from '@portal/sdk/client'
import { buildPath, routeByName, type CaptureEntry } from '@portal/sdk/state'
import { PageFrame } from '../components/PageFrame/PageFrame'
import { readLocal } from '../lib/browserStorage'
import { CaptureQueue } from '../lib/captureQueue'
import { captureStore } from '../lib/captureStore'
import { CaptureQueueList } from '../scenes/Capture/CaptureQueueList'
import styles from '../scenes/Capture/Capture.module.css'

/** The user whose captures this device keeps: the subject of the stored sign-in, null when no one signed in here. */
function deviceOwner(): string | null {
  const token = readLocal(ACCESS_TOKEN_STORAGE_KEY)
  return token ? tokenSubject(token) : null
}

/**
 * What an app started without a connection shows (issue 36, docs/mobile.md), whatever address it opened: the capture
 * screen with what waits on this device for the user who signed in here last, and that it is offline. Nothing of the
 * server's: no document, list or company data (the service worker keeps none, and none is asked for). When the
 * connection returns the app starts again, signs in and sends what waits.
 */
export function OfflineCapture() {
  const { t } = useTranslation('shell')
  const owner = useMemo(deviceOwner, [])
  // Not started: nothing is sent from here; the signed-in app sends once the connection is back.
  const queue = useMemo(() => (owner ? new CaptureQueue({ store: captureStore, owner, token: () => Promise.resolve(null), online: () => false }) : null), [owner])
  const [entries, setEntries] = useState<readonly CaptureEntry[]>([])
  useEffect(() => queue?.subscribe(setEntries), [queue])
  useEffect(() => {
    const back = () => window.location.reload()
    window.addEventListener('online', back)
    return () => window.removeEventListener('online', back)
  }, [])
  const documentHref = (id: number, companyNo: number) => buildPath(routeByName('single-document').path, { client: companyNo, document_id: id })
  return (
    <main id="main" tabIndex={-1}>
      <PageFrame title={t('routes.capture')} testId="scene-offline-capture">
        <p className={styles.offline} role="status" data-testid="offline-start">
          {t('offline.notice')}
        </p>
        {entries.length > 0 ? (
          <CaptureQueueList
            entries={entries}
            documentHref={(id) => documentHref(id, entries.find((entry) => entry.documentId === id)?.companyNo ?? 0)}
            onClearFinished={() => void queue?.clearFinished()}
          />
        ) : (
          <p>{t('offline.none')}</p>
        )}
        <Button variant="primary" onClick={() => window.location.reload()} data-testid="offline-retry">
          {t('offline.retry')}
        </Button>
      </PageFrame>
    </main>
  )
}
