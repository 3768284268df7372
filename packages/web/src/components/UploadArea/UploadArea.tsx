import { useRef, useState, type DragEvent } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { Button, Link, ProgressBar } from '@primer/react'
import { UploadIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import { errorToMessage } from '@portal/sdk/errors'
import type { UploadItem } from '../../hooks/useUploads'
import styles from './UploadArea.module.css'

/** Props of UploadArea. */
export interface UploadAreaProps {
  items: readonly UploadItem[]
  /** Called with the files dropped or picked (many at once). */
  onFiles: (files: File[]) => void
  onClearFinished: () => void
  /** Where a document opens (the single-document view). */
  documentHref: (id: number) => string
  /** The section's heading; "Upload documents" unless a screen names it otherwise. */
  heading?: string
}

// A hint for the file dialog only: the server recognises files by content, not by name.
const ACCEPT = '.pdf,.jpg,.jpeg,.png,.tif,.tiff,.xml,application/pdf,image/jpeg,image/png,image/tiff,application/xml,text/xml'

/**
 * Where files are handed in: a drop zone and a keyboard-reachable file picker, then one row per file with
 * its progress and its result (uploaded, already there, or refused with the reason).
 */
export function UploadArea({ items, onFiles, onClearFinished, documentHref, heading }: UploadAreaProps) {
  const { t } = useTranslation('documents')
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)

  const onDragOver = (event: DragEvent) => {
    if (!Array.from(event.dataTransfer.types).includes('Files')) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
    setDragging(true)
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    const files = Array.from(event.dataTransfer.files)
    if (files.length > 0) onFiles(files)
  }

  return (
    <section className={styles.area} aria-labelledby="upload-heading">
      <h2 id="upload-heading" className={styles.heading}>
        {heading ?? t('screen.upload.heading')}
      </h2>
      <div
        className={styles.dropZone}
        data-dragging={dragging || undefined}
        data-testid="upload-drop-zone"
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <UploadIcon size={24} aria-hidden="true" />
        {dragging ? (
          <p className={styles.hint}>{t('screen.upload.dropActive')}</p>
        ) : (
          <p className={styles.hint}>
            {/* Nothing is dropped on a touch screen: there the hint says where the files come from. */}
            <span className="only-fine-pointer">{t('screen.upload.hint')}</span>
            <span className="only-coarse-pointer">{t('screen.upload.hintTouch')}</span>
          </p>
        )}
        <Button leadingVisual={UploadIcon} onClick={() => input.current?.click()}>
          {t('screen.upload.choose')}
        </Button>
        <input
          ref={input}
          className={styles.fileInput}
          type="file"
          multiple
          accept={ACCEPT}
          // The visible button is the control; the native input only carries the dialog, so it stays out of reach.
          tabIndex={-1}
          aria-hidden="true"
          data-testid="upload-input"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? [])
            // Reset so picking the same file again still fires a change.
            event.target.value = ''
            if (files.length > 0) onFiles(files)
          }}
        />
      </div>
      {items.length > 0 ? (
        <>
          <div className={styles.listHeader}>
            <h3 className={styles.subheading}>{t('screen.upload.results')}</h3>
            {items.some((item) => item.state === 'finished') ? (
              <Button size="small" variant="invisible" onClick={onClearFinished}>
                {t('screen.upload.clear')}
              </Button>
            ) : null}
          </div>
          <ul className={styles.list} aria-live="polite">
            {items.map((item) => (
              <li key={item.key} className={styles.item} data-testid="upload-item" data-state={item.state}>
                <span className={styles.fileName}>{item.name}</span>
                <UploadStatus item={item} documentHref={documentHref} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}

function UploadStatus({ item, documentHref }: { item: UploadItem; documentHref: (id: number) => string }) {
  const { t } = useTranslation('documents')
  if (item.state === 'waiting') return <span className={styles.muted}>{t('screen.upload.waiting')}</span>
  if (item.state === 'uploading' || item.state === 'checking') {
    return (
      <span className={styles.progress}>
        <ProgressBar
          progress={item.percent}
          aria-label={t('screen.upload.progressLabel', { file: item.name })}
          aria-valuenow={item.percent}
          className={styles.bar}
        />
        <span className={styles.muted}>
          {item.state === 'checking' ? t('screen.upload.processingOnServer') : t('screen.upload.progress', { percent: item.percent })}
        </span>
      </span>
    )
  }
  const result = item.result
  if (!result) {
    return (
      <span className={styles.refused} role="status">
        {errorToMessage(item.error, t)}
      </span>
    )
  }
  if (result.status === 'uploaded' && result.documentId) {
    return (
      <span className={styles.done} role="status">
        {t('screen.upload.uploaded')} ·{' '}
        <Link inline className={styles.inlineLink} as={RouterLink} to={documentHref(result.documentId)}>
          {t('screen.upload.open')}
        </Link>
      </span>
    )
  }
  if (result.status === 'exists' && result.documentId) {
    return (
      <span className={styles.exists} role="status">
        {errorToMessage({ data: result.error }, t)} ·{' '}
        <Link inline className={styles.inlineLink} as={RouterLink} to={documentHref(result.documentId)}>
          {t('screen.upload.openExisting')}
        </Link>
      </span>
    )
  }
  return (
    <span className={styles.refused} role="status">
      {errorToMessage({ data: result.error, message: result.error?.message }, t)}
    </span>
  )
}
