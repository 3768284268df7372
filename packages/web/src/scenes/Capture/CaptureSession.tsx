import { useCallback, useEffect, useRef, useState } from 'react'
import { Button, FormControl, IconButton, Textarea } from '@primer/react'
import { ArrowDownIcon, ArrowUpIcon, SyncIcon, TrashIcon, XIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import type { UploadType } from '@portal/sdk/domain'
import { MAX_CAPTURE_NOTE_LENGTH, movePage } from '@portal/sdk/state'
import { useSnackbar } from '../../hooks/useSnackbar'
import type { NewCapture } from '../../lib/captureQueue'
import { UploadKindSelect } from '../Documents/UploadKindSelect'
import { capturePage, type CapturedPage } from './capturePage'
import styles from './Capture.module.css'

/** Props of CaptureSession. */
export interface CaptureSessionProps {
  companyNo: number
  /** The capture was queued or discarded: back to the landing. */
  onDone: () => void
  onQueue: (capture: NewCapture) => Promise<unknown>
}

/** The back camera's stream while `on`; answers the stream and the reason it could not start. */
function useCamera(on: boolean): { stream: MediaStream | undefined; failure: string | undefined } {
  const [stream, setStream] = useState<MediaStream>()
  const [failure, setFailure] = useState<string>()
  useEffect(() => {
    if (!on) return undefined
    let stopped = false
    let opened: MediaStream | undefined
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1920 }, height: { ideal: 1080 } }, audio: false })
      .then((media) => {
        opened = media
        if (stopped) media.getTracks().forEach((track) => track.stop())
        else setStream(media)
      })
      .catch((error: unknown) => !stopped && setFailure(error instanceof Error ? error.message : String(error)))
    return () => {
      stopped = true
      opened?.getTracks().forEach((track) => track.stop())
      setStream(undefined)
    }
  }, [on])
  return { stream, failure }
}

/**
 * One receipt being captured: the camera (each shot straightened and evened on the device), the pages in order
 * (reorder, retake, remove), the kind and a note, then "send as one document" (one PDF made on the device, queued).
 */
export function CaptureSession({ companyNo, onDone, onQueue }: CaptureSessionProps) {
  const { t } = useTranslation('documents')
  const { notify, notifyError } = useSnackbar()
  const [pages, setPages] = useState<CapturedPage[]>([])
  const [cameraOn, setCameraOn] = useState(true)
  const [retake, setRetake] = useState<number>()
  const [kind, setKind] = useState<UploadType>()
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState<'shooting' | 'making'>()
  const { stream, failure } = useCamera(cameraOn)
  const video = useRef<HTMLVideoElement>(null)
  const [ready, setReady] = useState(false)

  useEffect(() => {
    const element = video.current
    if (!element) return
    element.srcObject = stream ?? null
    setReady(false)
  }, [stream])
  // Every page's object URL goes with the session.
  const urls = useRef(new Set<string>())
  useEffect(() => () => urls.current.forEach((url) => URL.revokeObjectURL(url)), [])

  const shoot = useCallback(async () => {
    if (!video.current) return
    setBusy('shooting')
    try {
      const page = await capturePage(video.current)
      urls.current.add(page.url)
      setPages((list) => (retake === undefined ? [...list, page] : list.map((old, index) => (index === retake ? page : old))))
      if (retake !== undefined) {
        setRetake(undefined)
        setCameraOn(false)
      }
    } catch (error) {
      notifyError(error)
    } finally {
      setBusy(undefined)
    }
  }, [retake, notifyError])

  const send = useCallback(async () => {
    setBusy('making')
    try {
      // pdf-lib loads when the first document is made, not with the screen.
      const { makePdf } = await import('./makePdf')
      const pdf = await makePdf(pages.map((page) => page.jpeg))
      setCameraOn(false)
      const entry = (await onQueue({ companyNo, type: kind, note: note.trim(), pages: pages.length, pdf })) as { fileName: string }
      notify({ kind: 'info', text: t('capture.queued', { file: entry.fileName }) })
      onDone()
    } catch (error) {
      notifyError(error)
    } finally {
      setBusy(undefined)
    }
  }, [pages, onQueue, companyNo, kind, note, notify, notifyError, onDone, t])

  const nextPage = retake === undefined ? pages.length + 1 : retake + 1
  return (
    <section className={styles.session} aria-labelledby="capture-pages-heading" data-testid="capture-session">
      {cameraOn ? (
        <div className={styles.camera}>
          {failure ? (
            <p className={styles.problem} role="alert">
              {t('capture.cameraFailed', { reason: failure })}
            </p>
          ) : (
            <>
              <video
                ref={video}
                className={styles.video}
                autoPlay
                playsInline
                muted
                aria-label={t('capture.video')}
                onLoadedData={() => setReady(true)}
                data-testid="capture-video"
              />
              {ready ? null : <p className={styles.muted}>{t('capture.starting')}</p>}
            </>
          )}
          <div className={styles.cameraActions}>
            <Button
              variant="primary"
              size="large"
              block
              disabled={!ready || busy !== undefined}
              onClick={() => void shoot()}
              data-testid="capture-shoot"
            >
              {busy === 'shooting' ? t('capture.processing') : t(retake === undefined ? 'capture.shoot' : 'capture.retakeShoot', { page: nextPage })}
            </Button>
            {pages.length > 0 ? (
              <IconButton icon={XIcon} aria-label={t('capture.closeCamera')} size="large" onClick={() => { setRetake(undefined); setCameraOn(false) }} data-testid="capture-close-camera" />
            ) : null}
          </div>
        </div>
      ) : null}
      <h2 id="capture-pages-heading" className={styles.heading}>
        {t('capture.pagesHeading', { count: pages.length })}
      </h2>
      <ol className={styles.pages} data-testid="capture-pages">
        {pages.map((page, index) => (
          <li key={page.id} className={styles.page} data-testid="capture-page" data-bytes={page.jpeg.size}>
            <img src={page.url} alt={t('capture.pageImage', { page: index + 1 })} className={styles.thumbnail} />
            <div className={styles.pageActions}>
              <span>{t('capture.page', { page: index + 1 })}</span>
              <IconButton icon={ArrowUpIcon} aria-label={t('capture.earlier', { page: index + 1 })} disabled={index === 0} onClick={() => setPages((list) => movePage(list, index, index - 1))} />
              <IconButton icon={ArrowDownIcon} aria-label={t('capture.later', { page: index + 1 })} disabled={index === pages.length - 1} onClick={() => setPages((list) => movePage(list, index, index + 1))} />
              <IconButton icon={SyncIcon} aria-label={t('capture.retake', { page: index + 1 })} onClick={() => { setRetake(index); setCameraOn(true) }} />
              <IconButton icon={TrashIcon} aria-label={t('capture.remove', { page: index + 1 })} onClick={() => setPages((list) => list.filter((_, at) => at !== index))} />
            </div>
          </li>
        ))}
      </ol>
      {!cameraOn ? (
        <Button block onClick={() => setCameraOn(true)} data-testid="capture-add-page">
          {t('capture.addPage')}
        </Button>
      ) : null}
      {pages.length > 0 ? (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault()
            void send()
          }}
        >
          <UploadKindSelect companyNo={companyNo} value={kind} onChange={setKind} />
          <FormControl id="capture-note">
            <FormControl.Label>{t('capture.note')}</FormControl.Label>
            <Textarea value={note} onChange={(event) => setNote(event.target.value)} maxLength={MAX_CAPTURE_NOTE_LENGTH} rows={2} block data-testid="capture-note" />
            <FormControl.Caption>{t('capture.noteHint', { max: MAX_CAPTURE_NOTE_LENGTH })}</FormControl.Caption>
          </FormControl>
          <Button type="submit" variant="primary" size="large" block disabled={busy !== undefined} data-testid="capture-send">
            {busy === 'making' ? t('capture.making') : t('capture.send')}
          </Button>
        </form>
      ) : null}
      <Button variant="invisible" block onClick={onDone} data-testid="capture-discard">
        {t('capture.discard')}
      </Button>
    </section>
  )
}
