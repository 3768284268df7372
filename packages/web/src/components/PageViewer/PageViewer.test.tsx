import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import axe from 'axe-core'
import { renderWithShell } from '../../test/render'
import { PageViewer, type Highlight } from './PageViewer'

const highlights: Highlight[] = [
  { key: 'a', page: 1, box: { x: 100, y: 200, width: 300, height: 40 }, label: 'Invoice number: 471102 (OCR)', active: true },
  { key: 'b', page: 2, box: { x: 1, y: 1, width: 1, height: 1 }, label: 'elsewhere' },
]

// jsdom loads no images: give the <img> the natural size a 1000 × 1400 px scan would have, then fire load.
function loadImage() {
  const img = screen.getByTestId('image-page') as HTMLImageElement
  Object.defineProperty(img, 'naturalWidth', { value: 1000 })
  Object.defineProperty(img, 'naturalHeight', { value: 1400 })
  fireEvent.load(img)
  return img
}

function renderImage(onPage = vi.fn(), lng: 'en' | 'de' = 'en') {
  renderWithShell(
    <PageViewer
      source={{ kind: 'image', url: 'blob:scan' }}
      fileName="scan.png"
      pageSizes={[{ page: 1, width: 1000, height: 1400 }]}
      page={1}
      onPage={onPage}
      highlights={highlights}
    />,
    { lng },
  )
  return onPage
}

/** A two-page TIFF drawn by the server: page sizes in points (the boxes' unit), page images by URL. */
function DrawnPages({ urls, failed = false }: { urls: Record<number, string>; failed?: boolean }) {
  const [page, setPage] = useState(1)
  return (
    <PageViewer
      source={{ kind: 'pages', pages: 2, url: urls[page] ?? null, failed }}
      fileName="scan.tiff"
      pageSizes={[
        { page: 1, width: 500, height: 700 },
        { page: 2, width: 500, height: 700 },
      ]}
      page={page}
      onPage={setPage}
      highlights={[{ key: 'p2', page: 2, box: { x: 50, y: 100, width: 150, height: 20 }, label: 'IBAN on page 2' }]}
    />
  )
}

describe('PageViewer', () => {
  it('shows an image page fitted to a readable width with the highlight where the value stands', () => {
    renderImage()
    const img = loadImage()
    expect(img.getAttribute('alt')).toBe('Page 1 of scan.png')
    // 1000 px wide scans are shown 800 px wide at 100 %: one pixel of the scan is 0.8 CSS pixels.
    expect(img.style.width).toBe('800px')
    const boxes = screen.getAllByTestId('highlight')
    expect(boxes).toHaveLength(1)
    expect(boxes[0].getAttribute('aria-label')).toBe('Invoice number: 471102 (OCR)')
    expect(boxes[0].style.left).toBe('80px')
    expect(boxes[0].style.top).toBe('160px')
    expect(boxes[0].style.width).toBe('240px')
  })

  it('zooms with the keyboard and the buttons, and the highlight follows', () => {
    renderImage()
    const img = loadImage()
    const stage = screen.getByRole('region', { name: 'Pages of scan.png' })
    fireEvent.keyDown(stage, { key: '+' })
    expect(screen.getByTestId('zoom').textContent).toBe('125 %')
    expect(img.style.width).toBe('1000px')
    expect(screen.getByTestId('highlight').style.left).toBe('100px')
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }))
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }))
    expect(screen.getByTestId('zoom').textContent).toBe('75 %')
    fireEvent.keyDown(stage, { key: '0' })
    expect(screen.getByTestId('zoom').textContent).toBe('100 %')
  })

  it('pages only within the document', () => {
    const onPage = renderImage()
    expect(screen.getByTestId('page-of').textContent).toBe('Page 1 of 1')
    fireEvent.keyDown(screen.getByRole('region', { name: 'Pages of scan.png' }), { key: 'ArrowRight' })
    expect(onPage).toHaveBeenCalledWith(1)
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('shows server-drawn pages one at a time: loading, paging, the page image with its boxes, failure', () => {
    const { unmount } = renderWithShell(<DrawnPages urls={{ 2: 'blob:page-2' }} />)
    expect(screen.getByTestId('page-of').textContent).toBe('Page 1 of 2')
    expect(screen.getByTestId('page-stage').textContent).toContain('Loading document…')
    expect(screen.queryByTestId('image-page')).toBeNull()
    unmount()

    renderWithShell(<DrawnPages urls={{ 1: 'blob:page-1', 2: 'blob:page-2' }} />)
    loadImage()
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }))
    expect(screen.getByTestId('page-of').textContent).toBe('Page 2 of 2')
    const img = screen.getByTestId('image-page') as HTMLImageElement
    expect(img.getAttribute('src')).toBe('blob:page-2')
    expect(img.getAttribute('alt')).toBe('Page 2 of scan.tiff')
    // Until it loads, page 1's size does not stand in for page 2's: no box is placed yet.
    expect(screen.queryAllByTestId('highlight')).toHaveLength(0)
    loadImage()
    // 1000 px shown 800 px wide over 500 pt: 1.6 CSS pixels a point.
    const box = screen.getByTestId('highlight')
    expect(box.getAttribute('aria-label')).toBe('IBAN on page 2')
    expect([box.style.left, box.style.top, box.style.width]).toEqual(['80px', '160px', '240px'])
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('says so when a drawn page could not be fetched', () => {
    renderWithShell(<DrawnPages urls={{}} failed />)
    expect(screen.getByRole('alert').textContent).toBe('The page could not be displayed.')
  })

  it('offers drawing a box only for labeling, says how while drawing, and Escape stops it', () => {
    renderImage()
    expect(screen.queryByTestId('draw-box')).toBeNull()
    cleanup()
    renderWithShell(
      <PageViewer source={{ kind: 'image', url: 'blob:scan' }} fileName="scan.png" pageSizes={[]} page={1} onPage={vi.fn()} highlights={[]} onSelectRegion={vi.fn()} />,
    )
    const draw = screen.getByRole('button', { name: 'Draw a box' })
    fireEvent.click(draw)
    expect(draw.getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByTestId('draw-layer')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Drag over the page to draw a box around the value; Escape cancels.')
    fireEvent.keyDown(screen.getByRole('region', { name: 'Pages of scan.png' }), { key: 'Escape' })
    expect(screen.queryByTestId('draw-layer')).toBeNull()
    expect(draw.getAttribute('aria-pressed')).toBe('false')
  })

  it('speaks German and has no accessibility violations', async () => {
    renderImage(undefined, 'de')
    loadImage()
    expect(screen.getByRole('button', { name: 'Vergrößern' })).toBeTruthy()
    expect(screen.getByTestId('page-of').textContent).toBe('Seite 1 von 1')
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })
})
