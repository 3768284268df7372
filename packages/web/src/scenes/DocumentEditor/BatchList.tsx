import { useRef, useState } from 'react'
import { Link as RouterLink, useNavigate } from 'react-router-dom'
import { Button } from '@primer/react'
import { UploadIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import { buildPath, routeByName } from '@portal/sdk/state'
import { formatDate } from '@portal/sdk/i18n'
import { Loading } from '../../components/Loading/Loading'
import { useAccessToken } from '../../hooks/useAccessToken'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { uploadBatch, useEditorBatches } from './useEditorBatches'
import styles from './DocumentEditor.module.css'

/** The company's unprocessed editor documents (scan batches), each opening the editor, and the upload of a new batch. */
export function BatchList({ companyNo }: { companyNo: number }) {
  const { t, i18n } = useTranslation('editor')
  const { client } = useSession()
  const { notify, notifyError } = useSnackbar()
  const token = useAccessToken(client)
  const navigate = useNavigate()
  const { batches } = useEditorBatches(client, companyNo, true, notifyError)
  const input = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)
  const hrefOf = (id: number) => buildPath(routeByName('document-editor-document').path, { client: companyNo, documentId: id })

  const onFile = async (file: File | undefined) => {
    if (!file) return
    setUploading(true)
    const outcome = await uploadBatch(companyNo, file, token)
    setUploading(false)
    if ('id' in outcome) navigate(hrefOf(outcome.id))
    else notify({ kind: 'error', text: t('errors.uploadFailed', { reason: outcome.error }) })
  }

  return (
    <section aria-labelledby="editor-batches-heading" data-testid="editor-batch-list">
      <div className={styles.listHead}>
        <h2 id="editor-batches-heading" className={styles.heading}>
          {t('list.heading')}
        </h2>
        <input ref={input} type="file" accept=".pdf,.png,.jpg,.jpeg,.tif,.tiff" hidden data-testid="editor-upload-input" onChange={(event) => void onFile(event.target.files?.[0])} />
        <Button leadingVisual={UploadIcon} onClick={() => input.current?.click()} disabled={uploading}>
          {uploading ? t('list.uploading') : t('list.upload')}
        </Button>
      </div>
      {batches === null ? (
        <Loading label={t('list.loading')} />
      ) : batches.length === 0 ? (
        // The section's heading already names the list: the empty state says only that nothing waits.
        <p className={styles.muted} data-testid="empty-state">
          {t('list.empty')}
        </p>
      ) : (
        <ul className={styles.batchList}>
          {batches.map((batch) => (
            <li key={batch.id}>
              <RouterLink to={hrefOf(Number(batch.id))} data-testid="editor-batch-link" aria-label={t('list.open', { name: batch.file_name })}>
                {batch.file_name}
              </RouterLink>
              <span className={styles.muted}>
                {' · '}
                {t('list.pages', { count: Number(batch.pages ?? 0) })}
                {batch.created_at ? ` · ${formatDate(String(batch.created_at), i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
