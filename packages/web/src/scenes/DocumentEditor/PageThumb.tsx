import { useEffect, useState, type DragEvent, type KeyboardEvent, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { EditorPage } from '@portal/sdk/services'
import { pageImageUrl, THUMB_WIDTH } from './pageImages'
import styles from './DocumentEditor.module.css'

/** Props of PageThumb. */
export interface PageThumbProps {
  page: EditorPage
  index: number
  selected: boolean
  focused: boolean
  token: () => Promise<string | null>
  onSelect: (event: MouseEvent | KeyboardEvent) => void
  onFocus: () => void
  onDragStart: (event: DragEvent) => void
  onDrop: (event: DragEvent) => void
}

/** One page of a part as a thumbnail: selectable by mouse and keyboard, draggable onto another place. */
export function PageThumb({ page, index, selected, focused, token, onSelect, onFocus, onDragStart, onDrop }: PageThumbProps) {
  const { t } = useTranslation('editor')
  const url = usePageImage(page.document_id, page.page, THUMB_WIDTH, token)
  return (
    <button
      type="button"
      className={`${styles.thumb} ${selected ? styles.selected : ''}`}
      aria-pressed={selected}
      aria-label={`${t('batch.pageShort', { page: index + 1 })} (${page.id})${page.rotation ? `, ${t('batch.rotated', { degrees: page.rotation })}` : ''}`}
      data-testid="editor-page"
      data-page-id={page.id}
      tabIndex={focused ? 0 : -1}
      draggable
      onClick={onSelect}
      onFocus={onFocus}
      onDragStart={onDragStart}
      onDragOver={(event) => event.preventDefault()}
      onDrop={onDrop}
    >
      {url ? <img src={url} alt="" style={{ transform: `rotate(${page.rotation}deg)` }} draggable={false} /> : <span className={styles.placeholder} />}
      <span className={styles.thumbLabel}>{index + 1}</span>
    </button>
  )
}

/** The object URL of a page image `width` pixels wide, once fetched. */
export function usePageImage(documentId: number, page: number, width: number, token: () => Promise<string | null>): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    void pageImageUrl(documentId, page, width, token).then((next) => live && setUrl(next))
    return () => {
      live = false
    }
  }, [documentId, page, width, token])
  return url
}
