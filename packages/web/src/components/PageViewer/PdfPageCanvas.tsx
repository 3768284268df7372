import { useEffect, useRef, useState } from 'react'
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist'

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
}

/** One PDF page drawn on a canvas at `scale`, sharp on high-density screens; a new page cancels the old render. */
export function PdfPageCanvas({ pdf, page, scale, label, onSize, onError }: PdfPageCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const [rendered, setRendered] = useState(false)
  useEffect(() => {
    let task: RenderTask | null = null
    let cancelled = false
    setRendered(false)
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
    }
  }, [pdf, page, scale, onSize, onError])
  return <canvas ref={canvas} role="img" aria-label={label} data-testid="pdf-page" data-rendered={rendered || undefined} />
}
