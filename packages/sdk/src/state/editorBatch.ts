import type { CutReason, PageRotation } from '../domain/editing'

// The editor's pure state: the parts of a batch and the pages set aside, changed by one action at a time. The server
// applies these to the stored state (inside its transaction); they throw EditorStateError when an action does not fit.

/** A page of the editor: the upload it came from, its page there, and its rotation. */
export interface BatchPage {
  id: string
  document_id: number
  page: number
  rotation: PageRotation
}

/** A document-to-be. */
export interface BatchPart {
  id: string
  name: string
  pages: BatchPage[]
  reasons: CutReason[]
}

/** A batch's editable state. */
export interface BatchState {
  parts: BatchPart[]
  set_aside: BatchPage[]
  /** Next number for a new part's id. */
  next_part: number
  /** True once the cuts were suggested from the read pages (before that: one part of all pages). */
  suggested?: boolean
}

/** An action that does not fit the state: `key` in the editor namespace, with params naming what. */
export class EditorStateError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key)
    this.name = 'EditorStateError'
  }
}

/** The id of page `page` of upload `documentId`. */
export const pageIdOf = (documentId: number, page: number): string => `${documentId}-${page}`

/** A copy safe to change. */
export const cloneState = (state: BatchState): BatchState => structuredClone(state)

/** A new part id of the state (counts up, so an undone and redone state never reuses one wrongly). */
function newPartId(state: BatchState): string {
  state.next_part += 1
  return `p${state.next_part}`
}

/** Takes the pages with these ids out of every part (dropping parts left empty); answers them in the given order. */
export function takePages(state: BatchState, ids: readonly string[]): BatchPage[] {
  const found = new Map<string, BatchPage>()
  for (const part of state.parts) {
    part.pages = part.pages.filter((page) => (ids.includes(page.id) ? (found.set(page.id, page), false) : true))
  }
  const missing = ids.find((id) => !found.has(id))
  if (missing !== undefined) throw new EditorStateError('errors.pageNotFound', { page: missing })
  state.parts = state.parts.filter((part) => part.pages.length > 0)
  return ids.map((id) => found.get(id) as BatchPage)
}

/** The part with this id, or an error naming it. */
export function partOf(state: BatchState, id: string): BatchPart {
  const part = state.parts.find((candidate) => candidate.id === id)
  if (!part) throw new EditorStateError('errors.partNotFound', { part: id })
  return part
}

/** Moves pages to `index` of part `toPart` (within one state). A part emptied by the move goes. */
export function movePages(state: BatchState, ids: readonly string[], toPart: string, index: number): void {
  partOf(state, toPart)
  const pages = takePages(state, ids)
  const target = partOf(state, toPart)
  target.pages.splice(Math.min(index, target.pages.length), 0, ...pages)
}

/** Inserts pages taken from another batch at `index` of `toPart`, or as a new part at the end. */
export function insertPages(state: BatchState, pages: readonly BatchPage[], toPart: string | undefined, index: number, name: string): void {
  if (toPart === undefined) {
    state.parts.push({ id: newPartId(state), name, pages: [...pages], reasons: [] })
    return
  }
  const target = partOf(state, toPart)
  target.pages.splice(Math.min(index, target.pages.length), 0, ...pages)
}

/** Joins parts into the first of them, in the order given; the others go. */
export function mergeParts(state: BatchState, ids: readonly string[]): void {
  const parts = ids.map((id) => partOf(state, id))
  const [first, ...rest] = parts
  for (const part of rest) first.pages.push(...part.pages)
  state.parts = state.parts.filter((part) => !rest.includes(part))
}

/** Starts a new part at this page (the page and those after it in its part). */
export function cutBefore(state: BatchState, pageId: string, name: string): void {
  const part = state.parts.find((candidate) => candidate.pages.some((page) => page.id === pageId))
  if (!part) throw new EditorStateError('errors.pageNotFound', { page: pageId })
  const at = part.pages.findIndex((page) => page.id === pageId)
  if (at === 0) throw new EditorStateError('errors.alreadyCut', { page: pageId })
  const moved = part.pages.splice(at)
  state.parts.splice(state.parts.indexOf(part) + 1, 0, { id: newPartId(state), name, pages: moved, reasons: [] })
}

/** Turns pages clockwise by `degrees`. */
export function rotatePages(state: BatchState, ids: readonly string[], degrees: 90 | 180 | 270): void {
  const pages = state.parts.flatMap((part) => part.pages).filter((page) => ids.includes(page.id))
  const missing = ids.find((id) => !pages.some((page) => page.id === id))
  if (missing !== undefined) throw new EditorStateError('errors.pageNotFound', { page: missing })
  for (const page of pages) page.rotation = ((page.rotation + degrees) % 360) as PageRotation
}

/** Sets pages aside: they go into no document (undo brings them back). */
export function deletePages(state: BatchState, ids: readonly string[]): void {
  state.set_aside.push(...takePages(state, ids))
}

/** The name a part keeps, trimmed; SPEC §5: at least one character. */
export function validPartName(name: string): string {
  const trimmed = name.trim()
  if (trimmed.length < 1) throw new EditorStateError('errors.nameRequired')
  return trimmed
}

/** Renames a part. */
export function renamePart(state: BatchState, id: string, name: string): void {
  partOf(state, id).name = validPartName(name)
}

/** A batch's first state: its parts as cut at `starts` (1-based pages that begin a part, with why), pages set aside. */
export function initialState(
  documentId: number,
  pages: number,
  cuts: ReadonlyArray<{ page: number; reasons: CutReason[] }>,
  setAside: ReadonlySet<number>,
  nameOf: (index: number, firstPage: number) => string,
): BatchState {
  const state: BatchState = { parts: [], set_aside: [], next_part: 0 }
  const reasonsAt = new Map(cuts.map((cut) => [cut.page, cut.reasons]))
  let current: BatchPart | undefined
  for (let page = 1; page <= pages; page += 1) {
    const entry: BatchPage = { id: pageIdOf(documentId, page), document_id: documentId, page, rotation: 0 }
    if (setAside.has(page)) {
      state.set_aside.push(entry)
      continue
    }
    if (!current || reasonsAt.has(page)) {
      current = { id: newPartId(state), name: nameOf(state.parts.length, page), pages: [], reasons: current ? (reasonsAt.get(page) ?? []) : [] }
      state.parts.push(current)
    }
    current.pages.push(entry)
  }
  return state
}
