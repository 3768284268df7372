import { describe, expect, it } from 'vitest'
import type { EditorBatch } from '@portal/sdk/services'
import { moveBefore, nudge, pageOrder, placeOf } from './editorMoves'

const page = (n: number) => ({ id: `9-${n}`, document_id: 9, page: n, rotation: 0 as const })
const batch = {
  parts: [
    { id: 'p1', name: 'A', pages: [page(1), page(2)], reasons: [] },
    { id: 'p2', name: 'B', pages: [page(3), page(4), page(5)], reasons: [] },
  ],
} as unknown as EditorBatch

describe('moves the editor sends for a drop or a key', () => {
  it('puts dropped pages before the page they land on, counted without the moving pages', () => {
    expect(moveBefore(batch, ['9-3'], 1, '9-5')).toEqual({ action: 'move', pages: ['9-3'], to_part: 'p2', index: 1 })
    expect(moveBefore(batch, ['9-1', '9-2'], 1, null)).toEqual({ action: 'move', pages: ['9-1', '9-2'], to_part: 'p2', index: 3 })
    // Dropped on itself: nothing to do.
    expect(moveBefore(batch, ['9-3'], 1, '9-3')).toBeNull()
  })

  it('nudges pages one place, and across a part boundary into the neighbour', () => {
    expect(nudge(batch, ['9-3'], 1)).toEqual({ action: 'move', pages: ['9-3'], to_part: 'p2', index: 1 })
    expect(nudge(batch, ['9-3'], -1)).toEqual({ action: 'move', pages: ['9-3'], to_part: 'p1', index: 2 })
    expect(nudge(batch, ['9-2'], 1)).toEqual({ action: 'move', pages: ['9-2'], to_part: 'p2', index: 0 })
    expect(nudge(batch, ['9-1'], -1)).toBeNull()
  })

  it('knows where a page is and the reading order', () => {
    expect(placeOf(batch, '9-4')).toEqual({ part: 1, index: 1 })
    expect(pageOrder(batch)).toEqual(['9-1', '9-2', '9-3', '9-4', '9-5'])
  })
})
