import type { EditorBatch } from '@portal/sdk/services'

/** Where a page is: its part's index and its index within the part. */
export interface PagePlace {
  part: number
  index: number
}

/** The place of page `id` in the batch, or null. */
export function placeOf(batch: EditorBatch, id: string): PagePlace | null {
  for (const [part, entry] of batch.parts.entries()) {
    const index = entry.pages.findIndex((page) => page.id === id)
    if (index >= 0) return { part, index }
  }
  return null
}

/** Every page id in reading order. */
export const pageOrder = (batch: EditorBatch): string[] => batch.parts.flatMap((part) => part.pages.map((page) => page.id))

/**
 * The move action that puts `moving` before page `before` of part `partIndex` (null: at its end). The index counts in
 * the part as it is once the moving pages are taken out, as the server applies it.
 */
export function moveBefore(batch: EditorBatch, moving: readonly string[], partIndex: number, before: string | null) {
  const part = batch.parts[partIndex]
  if (!part || (before !== null && moving.includes(before))) return null
  const remaining = part.pages.filter((page) => !moving.includes(page.id))
  const index = before === null ? remaining.length : remaining.findIndex((page) => page.id === before)
  return { action: 'move' as const, pages: [...moving], to_part: part.id, index: Math.max(0, index) }
}

/** The move of the selected pages one place left or right (across a part boundary into the neighbour). */
export function nudge(batch: EditorBatch, moving: readonly string[], step: -1 | 1) {
  const first = placeOf(batch, step < 0 ? moving[0] : moving[moving.length - 1])
  if (!first) return null
  const part = batch.parts[first.part]
  const target = first.index + step
  if (target >= 0 && target < part.pages.length) {
    const remaining = part.pages.filter((page) => !moving.includes(page.id))
    const anchor = part.pages[target]
    const at = remaining.findIndex((page) => page.id === anchor.id)
    return { action: 'move' as const, pages: [...moving], to_part: part.id, index: step < 0 ? at : at + 1 }
  }
  const neighbour = batch.parts[first.part + step]
  if (!neighbour) return null
  return { action: 'move' as const, pages: [...moving], to_part: neighbour.id, index: step < 0 ? neighbour.pages.length : 0 }
}
