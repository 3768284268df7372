import { describe, expect, it } from 'vitest'
import { CutReason } from '../domain/editing'
import { cloneState, cutBefore, deletePages, EditorStateError, initialState, mergeParts, movePages, renamePart, rotatePages } from './editorBatch'

const batch = () =>
  initialState(7, 5, [{ page: 3, reasons: [CutReason.invoiceNumber] }], new Set([5]), (index, first) => `part ${index + 1} from ${first}`)

const pagesOf = (state: ReturnType<typeof batch>) => state.parts.map((part) => part.pages.map((page) => page.page))

describe('the editor state of a batch', () => {
  it('starts cut at the suggested pages, with their reasons, and sets blank pages and separators aside', () => {
    const state = batch()
    expect(pagesOf(state)).toEqual([[1, 2], [3, 4]])
    expect(state.parts.map((part) => [part.name, part.reasons])).toEqual([
      ['part 1 from 1', []],
      ['part 2 from 3', [CutReason.invoiceNumber]],
    ])
    expect(state.set_aside.map((page) => page.id)).toEqual(['7-5'])
  })

  it('moves pages within and between parts, dropping a part left empty', () => {
    const state = batch()
    movePages(state, ['7-4'], state.parts[0].id, 0)
    expect(pagesOf(state)).toEqual([[4, 1, 2], [3]])
    movePages(state, ['7-3'], state.parts[0].id, 3)
    expect(pagesOf(state)).toEqual([[4, 1, 2, 3]])
  })

  it('cuts, merges, rotates, sets aside and renames; a nameless part and a missing page are refused', () => {
    const state = batch()
    cutBefore(state, '7-2', 'new')
    expect(pagesOf(state)).toEqual([[1], [2], [3, 4]])
    mergeParts(state, [state.parts[1].id, state.parts[2].id])
    expect(pagesOf(state)).toEqual([[1], [2, 3, 4]])
    rotatePages(state, ['7-1'], 270)
    rotatePages(state, ['7-1'], 180)
    expect(state.parts[0].pages[0].rotation).toBe(90)
    deletePages(state, ['7-3'])
    expect(state.set_aside.map((page) => page.id)).toEqual(['7-5', '7-3'])
    renamePart(state, state.parts[0].id, '  Rechnung A ')
    expect(state.parts[0].name).toBe('Rechnung A')
    const before = cloneState(state)
    expect(() => renamePart(state, state.parts[0].id, ' ')).toThrow(EditorStateError)
    expect(() => movePages(state, ['9-9'], state.parts[0].id, 0)).toThrow(expect.objectContaining({ key: 'errors.pageNotFound', params: { page: '9-9' } }))
    expect(() => cutBefore(state, '7-1', 'x')).toThrow(expect.objectContaining({ key: 'errors.alreadyCut' }))
    expect(state).toEqual(before)
  })
})
