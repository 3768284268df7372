import { useEffect, useState, type DragEvent, type KeyboardEvent, type MouseEvent } from 'react'
import { Button, Checkbox, Label, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import type { EditorPart } from '@portal/sdk/services'
import { PageThumb } from './PageThumb'
import styles from './DocumentEditor.module.css'

/** Props of PartRow. */
export interface PartRowProps {
  part: EditorPart
  index: number
  isLast: boolean
  chosen: boolean
  selected: ReadonlySet<string>
  focusId: string | null
  disabled: boolean
  token: () => Promise<string | null>
  onChoose: (chosen: boolean) => void
  onRename: (name: string) => void
  onMergeNext: () => void
  onSelect: (pageId: string, event: MouseEvent | KeyboardEvent) => void
  onFocusPage: (pageId: string) => void
  onDragStart: (pageId: string, event: DragEvent) => void
  /** A drop before page `before` (null: at the end of the part). */
  onDrop: (before: string | null, event: DragEvent) => void
}

/** One part of a batch: the document-to-be with its name, why it was cut there, and its pages. */
export function PartRow(props: PartRowProps) {
  const { part, index } = props
  const { t } = useTranslation('editor')
  const [name, setName] = useState(part.name)
  useEffect(() => setName(part.name), [part.name])
  const commit = () => {
    if (name !== part.name) props.onRename(name)
  }
  return (
    <li className={styles.part} data-testid="editor-part" data-part-id={part.id} aria-label={t('batch.part', { index: index + 1 })}>
      {part.reasons.length > 0 ? (
        <p className={styles.cut} data-testid="editor-cut">
          <Label variant="attention">{t('reasons.suggested')}</Label> {part.reasons.map((reason) => t(`reasons.${reason}`)).join(', ')}
        </p>
      ) : null}
      <div className={styles.partHead}>
        <Checkbox checked={props.chosen} onChange={(event) => props.onChoose(event.target.checked)} aria-label={t('complete.parts') + `: ${part.name}`} />
        <TextInput
          aria-label={t('batch.partName', { index: index + 1 })}
          data-testid="editor-part-name"
          value={name}
          disabled={props.disabled}
          onChange={(event) => setName(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit()
            event.stopPropagation()
          }}
        />
        <span className={styles.muted}>{t('list.pages', { count: part.pages.length })}</span>
        {!props.isLast ? (
          <Button size="small" onClick={props.onMergeNext} disabled={props.disabled}>
            {t('actions.merge')}
          </Button>
        ) : null}
      </div>
      <div className={styles.pages} onDragOver={(event) => event.preventDefault()} onDrop={(event) => props.onDrop(null, event)} data-testid="editor-part-pages">
        {part.pages.map((page, at) => (
          <PageThumb
            key={page.id}
            page={page}
            index={at}
            selected={props.selected.has(page.id)}
            focused={props.focusId === page.id}
            token={props.token}
            onSelect={(event) => props.onSelect(page.id, event)}
            onFocus={() => props.onFocusPage(page.id)}
            onDragStart={(event) => props.onDragStart(page.id, event)}
            onDrop={(event) => {
              event.stopPropagation()
              props.onDrop(page.id, event)
            }}
          />
        ))}
      </div>
    </li>
  )
}
