import type { FieldBox } from '@portal/sdk/services'

/** Words a person pointed at on a page: what they read, where (in the page's unit, PDF points) and on which page. */
export interface PageRegion {
  page: number
  box: FieldBox
  text: string
}

/** A rectangle in CSS pixels relative to the page element. */
interface PixelRect {
  left: number
  top: number
  right: number
  bottom: number
}

function relative(rect: DOMRect, origin: DOMRect): PixelRect {
  return { left: rect.left - origin.left, top: rect.top - origin.top, right: rect.right - origin.left, bottom: rect.bottom - origin.top }
}

/** A pixel rectangle in page units, cut to the page (a box dragged past its edge ends there). */
function toBox(rect: PixelRect, unit: number, page: { width: number; height: number }): FieldBox {
  const round = (value: number) => Math.round(value * 100) / 100
  const left = Math.max(0, rect.left)
  const top = Math.max(0, rect.top)
  const right = Math.min(page.width, rect.right)
  const bottom = Math.min(page.height, rect.bottom)
  return { x: round(left / unit), y: round(top / unit), width: round(Math.max(0, right - left) / unit), height: round(Math.max(0, bottom - top) / unit) }
}

/**
 * The text the browser's selection holds inside `pageElement` (the pdf.js text layer), with the box around it in
 * page units (`unit` CSS pixels per unit); null when nothing on this page is selected.
 */
export function selectedRegion(pageElement: HTMLElement, unit: number, page: number): PageRegion | null {
  const selection = pageElement.ownerDocument.getSelection()
  if (!selection || selection.isCollapsed || selection.rangeCount === 0 || unit <= 0) return null
  const range = selection.getRangeAt(0)
  if (!pageElement.contains(range.commonAncestorContainer)) return null
  const text = selection.toString().replace(/\s+/g, ' ').trim()
  if (!text) return null
  const origin = pageElement.getBoundingClientRect()
  const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map((r) => relative(r, origin))
  if (rects.length === 0) return null
  const union = rects.reduce((a, b) => ({ left: Math.min(a.left, b.left), top: Math.min(a.top, b.top), right: Math.max(a.right, b.right), bottom: Math.max(a.bottom, b.bottom) }))
  return { page, box: toBox(union, unit, origin), text }
}

/**
 * The words of the text layer inside a box the person drew (CSS pixels relative to the page element), in reading
 * order of the layer, and the box in page units. A word counts when its middle lies inside the box.
 */
export function drawnRegion(pageElement: HTMLElement, drawn: PixelRect, unit: number, page: number): PageRegion | null {
  if (unit <= 0 || drawn.right - drawn.left < 3 || drawn.bottom - drawn.top < 3) return null
  const origin = pageElement.getBoundingClientRect()
  const words: string[] = []
  for (const span of pageElement.querySelectorAll<HTMLElement>('[data-testid=text-layer] span')) {
    if (span.children.length > 0 || !span.textContent?.trim()) continue
    const rect = relative(span.getBoundingClientRect(), origin)
    const x = (rect.left + rect.right) / 2
    const y = (rect.top + rect.bottom) / 2
    if (x >= drawn.left && x <= drawn.right && y >= drawn.top && y <= drawn.bottom) words.push(span.textContent.trim())
  }
  return { page, box: toBox(drawn, unit, origin), text: words.join(' ') }
}

/** The rectangle between two pointer positions. */
export function rectBetween(a: { x: number; y: number }, b: { x: number; y: number }): PixelRect {
  return { left: Math.min(a.x, b.x), top: Math.min(a.y, b.y), right: Math.max(a.x, b.x), bottom: Math.max(a.y, b.y) }
}
