import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { IconButton } from '@primer/react'
import { ChevronLeftIcon, ChevronRightIcon, ScreenNormalIcon, SquareIcon, ZoomInIcon, ZoomOutIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import type { PDFDocumentProxy } from 'pdfjs-dist'
import type { FieldBox, PageSize } from '@portal/sdk/services'
import { loadPdf } from './loadPdf'
import { drawnRegion, rectBetween, selectedRegion, type PageRegion } from './pageSelection'
import { PdfPageCanvas } from './PdfPageCanvas'
import { clampZoom, ZOOM_DEFAULT, ZOOM_STEP } from './zoom'
import styles from './PageViewer.module.css'

/** A box to draw over a page, e.g. where a field's candidate was found. */
export interface Highlight {
  key: string
  page: number
  box: FieldBox
  /** Read out and shown as a tooltip: what stands there. */
  label: string
  /** The one the user picked; drawn stronger. */
  active?: boolean
}

/**
 * What to show: a PDF's bytes, one image by URL, or `pages` images of which the current page's is at `url`
 * (null while it loads; `failed` when it could not be fetched), e.g. a TIFF's pages drawn by the server.
 */
export type PageSource =
  | { kind: 'pdf'; bytes: Uint8Array }
  | { kind: 'image'; url: string }
  | { kind: 'pages'; pages: number; url: string | null; failed?: boolean }

/** Props of PageViewer. */
export interface PageViewerProps {
  source: PageSource
  fileName: string
  /** Page sizes in the unit of the highlight boxes (PDF points); used to place the boxes. */
  pageSizes: readonly PageSize[]
  /** 1-based current page, controlled so the fields panel can turn to a candidate's page. */
  page: number
  onPage: (page: number) => void
  highlights: readonly Highlight[]
  /**
   * Labeling by pointing: with it, a PDF's words can be selected (pdf.js text layer) and a box can be drawn over
   * any page; each selection or box is reported with its text, page and box in page units.
   */
  onSelectRegion?: (region: PageRegion) => void
}

/**
 * The pages of a document with paging and zoom (buttons and keys: arrows or Page Up/Down to page, + and −
 * to zoom, 0 to reset), and highlight boxes drawn over the page where they stand.
 */
export function PageViewer({ source, fileName, pageSizes, page, onPage, highlights, onSelectRegion }: PageViewerProps) {
  const { t } = useTranslation('documents')
  const { t: tInvoices } = useTranslation('invoices')
  const pageElement = useRef<HTMLDivElement>(null)
  const [drawing, setDrawing] = useState(false)
  const [drag, setDrag] = useState<{ from: { x: number; y: number }; to: { x: number; y: number } } | null>(null)
  const [zoom, setZoom] = useState(ZOOM_DEFAULT)
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null)
  const [failed, setFailed] = useState(false)
  const [size, setSize] = useState<{ width: number; height: number } | null>(null)
  // The loaded image's own size, with the URL it belongs to: a new page's image is not sized by the last one.
  const [loadedImage, setLoadedImage] = useState<{ url: string; width: number; height: number } | null>(null)
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null)
  const onError = useCallback((error: unknown) => {
    console.warn('Page rendering failed', error)
    setFailed(true)
  }, [])

  useEffect(() => {
    if (source.kind !== 'pdf') return
    let cancelled = false
    let opened: PDFDocumentProxy | null = null
    setPdf(null)
    setFailed(false)
    loadPdf(source.bytes).then(
      (document) => {
        opened = document
        if (cancelled) void document.destroy()
        else setPdf(document)
      },
      (error: unknown) => !cancelled && onError(error),
    )
    return () => {
      cancelled = true
      void opened?.destroy()
    }
  }, [source, onError])

  const pageCount =
    source.kind === 'pdf' ? (pdf?.numPages ?? Math.max(pageSizes.length, 1)) : source.kind === 'pages' ? Math.max(source.pages, 1) : 1
  const imageUrl = source.kind === 'pdf' ? null : source.url
  const natural = loadedImage && loadedImage.url === imageUrl ? loadedImage : null
  const showFailed = failed || (source.kind === 'pages' && source.failed === true) || (imageUrl !== null && brokenUrl === imageUrl)
  const go = (next: number) => onPage(Math.min(Math.max(next, 1), pageCount))
  const zoomBy = (steps: number) => setZoom((z) => clampZoom(z + steps * ZOOM_STEP))

  const onKeyDown = (event: KeyboardEvent) => {
    const actions: Record<string, () => void> = {
      ArrowLeft: () => go(page - 1),
      PageUp: () => go(page - 1),
      ArrowRight: () => go(page + 1),
      PageDown: () => go(page + 1),
      Home: () => go(1),
      End: () => go(pageCount),
      '+': () => zoomBy(1),
      '=': () => zoomBy(1),
      '-': () => zoomBy(-1),
      '0': () => setZoom(ZOOM_DEFAULT),
    }
    if (event.key === 'Escape' && drawing) {
      event.preventDefault()
      setDrawing(false)
      setDrag(null)
      return
    }
    const action = actions[event.key]
    if (!action || event.ctrlKey || event.metaKey || event.altKey) return
    event.preventDefault()
    action()
  }

  // Boxes are in the page's own unit; the rendered page tells how many CSS pixels one unit is.
  // Wide scans are fitted to a readable width at 100 %; zoom scales from there.
  const imageBase = natural ? Math.min(1, 800 / natural.width) : 1
  const shown = source.kind === 'pdf' ? size : natural && { width: natural.width * imageBase * zoom, height: natural.height * imageBase * zoom }
  const pageSize = pageSizes.find((p) => p.page === page) ?? (source.kind === 'pdf' ? undefined : natural && { page, width: natural.width, height: natural.height })
  const unit = shown && pageSize ? shown.width / pageSize.width : 0
  const onPageHighlights = unit > 0 ? highlights.filter((h) => h.page === page) : []
  const label = t('screen.viewer.pageImage', { page, file: fileName })

  // A finished text selection on the page (mouse or keyboard) is reported once.
  const reportSelection = () => {
    if (!onSelectRegion || drawing || !pageElement.current) return
    const region = selectedRegion(pageElement.current, unit, page)
    if (region) onSelectRegion(region)
  }
  const pointAt = (event: PointerEvent) => {
    const origin = pageElement.current?.getBoundingClientRect()
    return { x: event.clientX - (origin?.left ?? 0), y: event.clientY - (origin?.top ?? 0) }
  }
  const onDrawStart = (event: PointerEvent) => {
    event.preventDefault()
    event.currentTarget.setPointerCapture?.(event.pointerId)
    const at = pointAt(event)
    setDrag({ from: at, to: at })
  }
  const onDrawMove = (event: PointerEvent) => {
    if (drag) setDrag({ from: drag.from, to: pointAt(event) })
  }
  const onDrawEnd = (event: PointerEvent) => {
    if (!drag || !pageElement.current) return
    const region = drawnRegion(pageElement.current, rectBetween(drag.from, pointAt(event)), unit, page)
    setDrag(null)
    setDrawing(false)
    if (region) onSelectRegion?.(region)
  }
  const dragRect = drag ? rectBetween(drag.from, drag.to) : null

  return (
    <div className={styles.viewer}>
      <div className={styles.toolbar}>
        <IconButton icon={ChevronLeftIcon} aria-label={t('screen.viewer.previousPage')} disabled={page <= 1} onClick={() => go(page - 1)} size="small" />
        <span className={styles.pageOf} aria-live="polite" data-testid="page-of">
          {t('screen.viewer.pageOf', { page, pages: pageCount })}
        </span>
        <IconButton icon={ChevronRightIcon} aria-label={t('screen.viewer.nextPage')} disabled={page >= pageCount} onClick={() => go(page + 1)} size="small" />
        <span className={styles.spacer} />
        <IconButton icon={ZoomOutIcon} aria-label={t('screen.viewer.zoomOut')} onClick={() => zoomBy(-1)} size="small" />
        <span className={styles.zoom} data-testid="zoom">
          {t('screen.viewer.zoom', { percent: Math.round(zoom * 100) })}
        </span>
        <IconButton icon={ZoomInIcon} aria-label={t('screen.viewer.zoomIn')} onClick={() => zoomBy(1)} size="small" />
        <IconButton icon={ScreenNormalIcon} aria-label={t('screen.viewer.zoomReset')} onClick={() => setZoom(ZOOM_DEFAULT)} size="small" />
        {onSelectRegion ? (
          <IconButton
            icon={SquareIcon}
            aria-label={tInvoices('selection.drawBox')}
            aria-pressed={drawing}
            onClick={() => setDrawing((on) => !on)}
            size="small"
            data-testid="draw-box"
          />
        ) : null}
      </div>

      <div
        className={styles.stage}
        tabIndex={0}
        role="region"
        aria-label={t('screen.viewer.pages', { file: fileName })}
        aria-describedby="page-viewer-keys"
        onKeyDown={onKeyDown}
        data-testid="page-stage"
      >
        {showFailed ? (
          <p className={styles.message} role="alert">
            {t('screen.viewer.renderFailed')}
          </p>
        ) : (
          <div className={styles.page} ref={pageElement} onMouseUp={reportSelection} onKeyUp={reportSelection}>
            {source.kind === 'pdf' ? (
              pdf ? (
                <PdfPageCanvas
                  pdf={pdf}
                  page={page}
                  scale={zoom}
                  label={label}
                  onSize={setSize}
                  onError={onError}
                  textLayer={onSelectRegion !== undefined}
                  textLayerClass={styles.textLayer}
                />
              ) : (
                <p className={styles.message}>{t('screen.viewer.loading')}</p>
              )
            ) : imageUrl ? (
              <img
                key={imageUrl}
                src={imageUrl}
                alt={label}
                data-testid="image-page"
                data-loaded={natural ? true : undefined}
                style={shown ? { width: shown.width, height: shown.height } : undefined}
                onLoad={(event) => setLoadedImage({ url: imageUrl, width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
                onError={() => setBrokenUrl(imageUrl)}
              />
            ) : (
              <p className={styles.message}>{t('screen.viewer.loading')}</p>
            )}
            {onPageHighlights.map((h) => (
              <span
                key={h.key}
                className={styles.highlight}
                data-active={h.active || undefined}
                data-testid="highlight"
                role="img"
                aria-label={h.label}
                title={h.label}
                style={{ left: h.box.x * unit, top: h.box.y * unit, width: h.box.width * unit, height: h.box.height * unit }}
              />
            ))}
            {drawing ? (
              <div className={styles.drawLayer} data-testid="draw-layer" onPointerDown={onDrawStart} onPointerMove={onDrawMove} onPointerUp={onDrawEnd}>
                {dragRect ? (
                  <span
                    className={styles.drawnBox}
                    style={{ left: dragRect.left, top: dragRect.top, width: dragRect.right - dragRect.left, height: dragRect.bottom - dragRect.top }}
                  />
                ) : null}
              </div>
            ) : null}
          </div>
        )}
      </div>
      {/* While drawing, the keys line says how to draw: in place, so the page does not move under the pointer. */}
      <p id="page-viewer-keys" className={drawing ? styles.keys : `${styles.keys} keyboard-hint`} role={drawing ? 'status' : undefined}>
        {drawing ? tInvoices('selection.drawing') : t('screen.viewer.keys')}
      </p>
    </div>
  )
}
