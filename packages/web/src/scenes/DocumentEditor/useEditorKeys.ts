import type { KeyboardEvent } from 'react'
import type { DocumentEditorPatch, EditorBatch } from '@portal/sdk/services'
import { nudge, pageOrder, placeOf } from './editorMoves'

/** What the editor's keys act on and with. */
export interface EditorKeyProps {
  batch: EditorBatch
  focusId: string | null
  selected: readonly string[]
  setFocus: (id: string) => void
  setSelected: (ids: string[]) => void
  run: (action: DocumentEditorPatch) => void
  rename: (partId: string) => void
  complete: () => void
}

/** The editor's keyboard (listed in the screen's key help): focus, select, move, cut, merge, rotate, delete, undo, complete. */
export function onEditorKey(event: KeyboardEvent, props: EditorKeyProps): void {
  const { batch, focusId, selected } = props
  const order = pageOrder(batch)
  const at = focusId ? order.indexOf(focusId) : -1
  const place = focusId ? placeOf(batch, focusId) : null
  const targets = selected.length > 0 ? [...selected] : focusId ? [focusId] : []
  const go = (index: number, extend: boolean) => {
    const id = order[Math.max(0, Math.min(order.length - 1, index))]
    if (!id) return
    props.setFocus(id)
    if (extend) props.setSelected([...new Set([...selected, ...(focusId ? [focusId] : []), id])])
  }
  const handled = () => event.preventDefault()
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
    handled()
    return props.run({ action: 'undo' })
  }
  // The page keys belong to the pages: on a part's name, tick box or buttons the keys keep their own meaning.
  if (event.ctrlKey || event.metaKey || !(event.target as HTMLElement).dataset?.pageId) return
  switch (event.key) {
    case 'ArrowLeft':
    case 'ArrowRight': {
      handled()
      const step = event.key === 'ArrowLeft' ? -1 : 1
      if (event.altKey) {
        const action = targets.length > 0 ? nudge(batch, targets, step) : null
        if (action) props.run(action)
        return
      }
      return go(at + step, event.shiftKey)
    }
    case 'ArrowUp':
    case 'ArrowDown': {
      handled()
      if (!place) return go(0, false)
      const neighbour = batch.parts[place.part + (event.key === 'ArrowUp' ? -1 : 1)]
      if (!neighbour) return
      if (event.altKey && targets.length > 0) return props.run({ action: 'move', pages: targets, to_part: neighbour.id, index: event.key === 'ArrowUp' ? neighbour.pages.length : 0 })
      return props.setFocus(neighbour.pages[0].id)
    }
    case ' ':
      handled()
      if (focusId) props.setSelected(selected.includes(focusId) ? selected.filter((id) => id !== focusId) : [...selected, focusId])
      return
    case 'a':
      handled()
      if (place) props.setSelected(batch.parts[place.part].pages.map((page) => page.id))
      return
    case 'Escape':
      return props.setSelected([])
    case 'c':
      handled()
      if (focusId) props.run({ action: 'cut', page: focusId })
      return
    case 'm':
      handled()
      if (place && batch.parts[place.part + 1]) props.run({ action: 'merge', parts: [batch.parts[place.part].id, batch.parts[place.part + 1].id] })
      return
    case 'r':
      handled()
      if (targets.length > 0) props.run({ action: 'rotate', pages: targets, degrees: 90 })
      return
    case 'Delete':
    case 'Backspace':
      handled()
      if (targets.length > 0) props.run({ action: 'deletePage', pages: targets })
      props.setSelected([])
      return
    case 'n':
      handled()
      if (place) props.rename(batch.parts[place.part].id)
      return
    case 'Enter':
      handled()
      return props.complete()
  }
}
