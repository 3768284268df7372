import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen } from '@testing-library/react'
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

  it('speaks German and has no accessibility violations', async () => {
    renderImage(undefined, 'de')
    loadImage()
    expect(screen.getByRole('button', { name: 'Vergrößern' })).toBeTruthy()
    expect(screen.getByTestId('page-of').textContent).toBe('Seite 1 von 1')
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })
})
