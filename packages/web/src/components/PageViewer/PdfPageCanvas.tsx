import { useEffect, useRef, useState } from 'react'
import type { PageViewport, PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist'
import { loadPdfModule } from './loadPdf'

/** Props of PdfPageCanvas. */
export interface PdfPageCanvasProps {
  pdf: PDFDocumentProxy
  /** 1-based page number. */
  page: number
  /** CSS pixels per PDF point. */
  scale: number
  label: string
  /** Told the page's size in CSS pixels once rendered. */
  onSize: (size: { width: number; height: number }) => void
  onError: (error: unknown) => void
  /** Lays pdf.js's text layer over the page, so its words can be selected (labeling by pointing). */
  textLayer?: boolean
  /** Class of the text layer's element (its styles live with the viewer). */
  textLayerClass?: string
}

/** One PDF page drawn on a canvas at `scale`, sharp on high-density screens; a new page cancels the old render. */
export function PdfPageCanvas({ pdf, page, scale, label, onSize, onError, textLayer = false, textLayerClass }: PdfPageCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const text = useRef<HTMLDivElement>(null)
  const [rendered, setRendered] = useState(false)
  const [textReady, setTextReady] = useState(false)
  useEffect(() => {
    let task: RenderTask | null = null
    let layer: { cancel(): void } | null = null
    let cancelled = false
    setRendered(false)
    setTextReady(false)
    // pdf.js positions the words with CSS variables of the layer: its scale, and whole-pixel rounding.
    const renderTextLayer = async (proxy: PDFPageProxy, viewport: PageViewport, container: HTMLDivElement) => {
      const { TextLayer } = await loadPdfModule()
      if (cancelled) return
      container.replaceChildren()
      container.style.setProperty('--total-scale-factor', String(viewport.scale))
      container.style.setProperty('--scale-round-x', '1px')
      container.style.setProperty('--scale-round-y', '1px')
      const created = new TextLayer({ textContentSource: proxy.streamTextContent(), container, viewport })
      layer = created
      try {
        await created.render()
        if (!cancelled) setTextReady(true)
      } catch (error) {
        // A cancelled layer is our own doing (page or zoom changed); a failed one only costs selecting.
        if (!cancelled) console.warn('Text layer failed', error)
      }
    }
    void pdf.getPage(page).then(
      (proxy) => {
        const element = canvas.current
        if (cancelled || !element) return
        const viewport = proxy.getViewport({ scale })
        const ratio = window.devicePixelRatio || 1
        element.width = Math.floor(viewport.width * ratio)
        element.height = Math.floor(viewport.height * ratio)
        element.style.width = `${viewport.width}px`
        element.style.height = `${viewport.height}px`
        onSize({ width: viewport.width, height: viewport.height })
        task = proxy.render({ canvas: element, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] })
        if (textLayer && text.current) void renderTextLayer(proxy, viewport, text.current)
        task.promise.then(
          () => !cancelled && setRendered(true),
          (error: unknown) => {
            // A cancelled render is our own doing (page or zoom changed), not a failure.
            if (!cancelled && (error as { name?: string }).name !== 'RenderingCancelledException') onError(error)
          },
        )
      },
      (error: unknown) => !cancelled && onError(error),
    )
    return () => {
      cancelled = true
      task?.cancel()
      layer?.cancel()
    }
  }, [pdf, page, scale, onSize, onError, textLayer])
  return (
    <>
      <canvas ref={canvas} role="img" aria-label={label} data-testid="pdf-page" data-rendered={rendered || undefined} />
      {textLayer ? <div ref={text} className={textLayerClass} data-testid="text-layer" data-ready={textReady || undefined} /> : null}
    </>
  )
}
