import { useCallback, useEffect, useState, type RefObject } from 'react'

/** What useWindowedRange answers: the rows to render and how to scroll one into view. */
export interface WindowedRange {
  /** First row to render (inclusive). */
  start: number
  /** Row after the last one to render (exclusive). */
  end: number
  onScroll: () => void
  /** Scrolls just enough that row `index` is fully visible. */
  reveal: (index: number) => void
}

// Without a measured height (jsdom, the first paint) this many rows are rendered.
const FALLBACK_ROWS = 30

/**
 * Windowed rendering of a list of `count` rows of `rowHeight` pixels inside the scrolling element `container`:
 * only the rows in view (plus `overscan` either side) are rendered, so ten thousand rows cost what forty do.
 */
export function useWindowedRange(container: RefObject<HTMLElement | null>, count: number, rowHeight: number, overscan = 8): WindowedRange {
  const [view, setView] = useState({ top: 0, height: 0 })
  const measure = useCallback(() => {
    const element = container.current
    if (element) setView((current) => (current.top === element.scrollTop && current.height === element.clientHeight ? current : { top: element.scrollTop, height: element.clientHeight }))
  }, [container])
  useEffect(() => {
    const element = container.current
    if (!element) return
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [container, measure])
  const visibleRows = view.height > 0 ? Math.ceil(view.height / rowHeight) : FALLBACK_ROWS
  const first = Math.floor(view.top / rowHeight)
  const start = Math.max(0, first - overscan)
  const end = Math.min(count, first + visibleRows + overscan)
  const reveal = useCallback(
    (index: number) => {
      const element = container.current
      if (!element || index < 0) return
      const top = index * rowHeight
      if (top < element.scrollTop) element.scrollTop = top
      else if (top + rowHeight > element.scrollTop + element.clientHeight) element.scrollTop = top + rowHeight - element.clientHeight
      measure()
    },
    [container, rowHeight, measure],
  )
  return { start, end, onScroll: measure, reveal }
}
