import { useCallback, useEffect, useMemo, useState, type DragEvent, type KeyboardEvent, type MouseEvent } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { ActionList, ActionMenu, Button, Flash, Link } from '@primer/react'
import { ArrowLeftIcon, HistoryIcon, SyncIcon, TrashIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import { buildPath, routeByName } from '@portal/sdk/state'
import type { DocumentEditorPatch } from '@portal/sdk/services'
import { Loading } from '../../components/Loading/Loading'
import { useAccessToken } from '../../hooks/useAccessToken'
import { useCompany } from '../../hooks/useCompany'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { CompleteDialog } from './CompleteDialog'
import { moveBefore, pageOrder, placeOf } from './editorMoves'
import { KeyHelp } from './KeyHelp'
import { PartRow } from './PartRow'
import { usePageImage } from './PageThumb'
import { PREVIEW_WIDTH } from './pageImages'
import { useBatch } from './useBatch'
import { onEditorKey } from './useEditorKeys'
import { uploadBatch, useEditorBatches } from './useEditorBatches'
import styles from './DocumentEditor.module.css'

/** The editor of one batch: its parts as cut (with the suggested cuts' reasons), their pages, and every action. */
export function BatchEditor({ companyNo, documentId }: { companyNo: number; documentId: number }) {
  const { t } = useTranslation('editor')
  const { client } = useSession()
  const { companies } = useCompany()
  const { notify, notifyError } = useSnackbar()
  const token = useAccessToken(client)
  const { batch, failed, busy, run } = useBatch(client, documentId, notifyError)
  const { batches: others } = useEditorBatches(client, companyNo, true, notifyError)
  const [selected, setSelected] = useState<string[]>([])
  const [focusId, setFocusId] = useState<string | null>(null)
  const [unchosen, setUnchosen] = useState<ReadonlySet<string>>(new Set())
  const [completing, setCompleting] = useState(false)
  const list = buildPath(routeByName('document-editor').path, { client: companyNo })

  const order = useMemo(() => (batch ? pageOrder(batch) : []), [batch])
  // The focus and the selection follow the pages that are still there.
  useEffect(() => {
    if (!batch) return
    if (focusId === null || !order.includes(focusId)) setFocusId(order[0] ?? null)
    setSelected((current) => current.filter((id) => order.includes(id)))
  }, [batch, order, focusId])
  useEffect(() => {
    if (focusId) document.querySelector<HTMLElement>(`[data-page-id="${focusId}"]`)?.focus({ preventScroll: false })
  }, [focusId])

  const act = useCallback((action: DocumentEditorPatch) => void run(action), [run])
  const chosenParts = batch?.parts.filter((part) => !unchosen.has(part.id)) ?? []
  const complete = useCallback(() => setCompleting(true), [])

  if (failed) {
    return (
      <Flash variant="danger" role="alert">
        {t('errors.notInEditor', { id: documentId })}
      </Flash>
    )
  }
  if (!batch) return <Loading label={t('list.loading')} />

  const targets = selected.length > 0 ? selected : focusId ? [focusId] : []
  const locked = batch.locked_by !== null
  const select = (id: string, event: MouseEvent | KeyboardEvent) => {
    setFocusId(id)
    if (event.shiftKey && focusId) {
      const [from, to] = [order.indexOf(focusId), order.indexOf(id)].sort((a, b) => a - b)
      setSelected([...new Set([...selected, ...order.slice(from, to + 1)])])
    } else if (event.ctrlKey || event.metaKey) setSelected(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id])
    else setSelected(selected.length === 1 && selected[0] === id ? [] : [id])
  }
  const dragStart = (id: string, event: DragEvent) => {
    const moving = selected.includes(id) ? order.filter((page) => selected.includes(page)) : [id]
    event.dataTransfer.setData('text/plain', JSON.stringify(moving))
    event.dataTransfer.effectAllowed = 'move'
  }
  const drop = (partIndex: number, before: string | null, event: DragEvent) => {
    event.preventDefault()
    let moving: string[]
    try {
      moving = JSON.parse(event.dataTransfer.getData('text/plain')) as string[]
    } catch {
      return
    }
    const action = moveBefore(batch, moving, partIndex, before)
    if (action) act(action)
  }
  const addUpload = async (file: File | undefined) => {
    if (!file) return
    const outcome = await uploadBatch(companyNo, file, token)
    if ('id' in outcome) act({ action: 'addPages', document_id: outcome.id })
    else notify({ kind: 'error', text: t('errors.uploadFailed', { reason: outcome.error }) })
  }
  const otherBatches = (others ?? []).filter((other) => other.id !== documentId)
  const focused = focusId ? placeOf(batch, focusId) : null
  const focusedPage = focused ? batch.parts[focused.part].pages[focused.index] : null

  return (
    <div className={styles.editor} data-testid="editor-batch">
      <Link as={RouterLink} to={list} className={styles.back}>
        <ArrowLeftIcon size={16} /> {t('batch.back')}
      </Link>
      <h2 className={styles.heading}>{batch.file_name}</h2>
      {batch.reading ? <Flash>{t('batch.reading')}</Flash> : null}
      {locked ? (
        <Flash variant="warning" role="status" data-testid="editor-locked">
          {t('batch.locked', { name: batch.locked_by })}
        </Flash>
      ) : null}
      <div className={styles.toolbar} role="toolbar" aria-label={t('title')}>
        <Button leadingVisual={SyncIcon} disabled={busy || locked || targets.length === 0} onClick={() => act({ action: 'rotate', pages: targets, degrees: 90 })}>
          {t('actions.rotate')}
        </Button>
        <Button leadingVisual={TrashIcon} disabled={busy || locked || targets.length === 0} onClick={() => act({ action: 'deletePage', pages: targets })}>
          {t('actions.delete')}
        </Button>
        <Button disabled={busy || locked || !focusId} onClick={() => focusId && act({ action: 'cut', page: focusId })}>
          {t('actions.cut')}
        </Button>
        <ActionMenu>
          <ActionMenu.Button disabled={busy || locked}>{t('actions.addPages')}</ActionMenu.Button>
          <ActionMenu.Overlay>
            <ActionList>
              {otherBatches.map((other) => (
                <ActionList.Item key={other.id} onSelect={() => act({ action: 'addPages', document_id: Number(other.id) })}>
                  {t('actions.addFromBatch', { name: other.file_name })}
                </ActionList.Item>
              ))}
              <ActionList.Item onSelect={() => document.getElementById('editor-add-upload')?.click()}>{t('actions.addUpload')}</ActionList.Item>
            </ActionList>
          </ActionMenu.Overlay>
        </ActionMenu>
        <input id="editor-add-upload" type="file" hidden accept=".pdf,.png,.jpg,.jpeg,.tif,.tiff" onChange={(event) => void addUpload(event.target.files?.[0])} />
        {otherBatches.length > 0 ? (
          <ActionMenu>
            <ActionMenu.Button disabled={busy || locked}>{t('actions.mergeBatch')}</ActionMenu.Button>
            <ActionMenu.Overlay>
              <ActionList>
                {otherBatches.map((other) => (
                  <ActionList.Item key={other.id} onSelect={() => act({ action: 'merge', document_id: Number(other.id) })}>
                    {other.file_name}
                  </ActionList.Item>
                ))}
              </ActionList>
            </ActionMenu.Overlay>
          </ActionMenu>
        ) : null}
        <Button leadingVisual={HistoryIcon} disabled={busy || locked || batch.undoable === 0} onClick={() => act({ action: 'undo' })} data-testid="editor-undo">
          {t('actions.undo')}
        </Button>
        <Button variant="primary" disabled={busy || locked || chosenParts.length === 0} onClick={complete} data-testid="editor-complete">
          {t('actions.completeSelected', { count: chosenParts.length })}
        </Button>
        <span className={styles.muted} aria-live="polite">
          {selected.length > 0 ? t('batch.selected', { count: selected.length }) : t('batch.parts', { count: batch.parts.length })}
        </span>
      </div>
      <div className={styles.workspace}>
        <ol
          className={styles.parts}
          onKeyDown={(event) =>
            onEditorKey(event, {
              batch,
              focusId,
              selected,
              setFocus: setFocusId,
              setSelected,
              run: act,
              rename: (partId) => document.querySelector<HTMLInputElement>(`[data-part-id="${partId}"] input[type=text], [data-part-id="${partId}"] input:not([type])`)?.focus(),
              complete,
            })
          }
        >
          {batch.parts.map((part, index) => (
            <PartRow
              key={part.id}
              part={part}
              index={index}
              isLast={index === batch.parts.length - 1}
              chosen={!unchosen.has(part.id)}
              selected={new Set(selected)}
              focusId={focusId}
              disabled={busy || locked}
              token={token}
              onChoose={(chosen) => setUnchosen((current) => (chosen ? new Set([...current].filter((id) => id !== part.id)) : new Set([...current, part.id])))}
              onRename={(name) => act({ action: 'renameDocument', part: part.id, name })}
              onMergeNext={() => act({ action: 'merge', parts: [part.id, batch.parts[index + 1].id] })}
              onSelect={select}
              onFocusPage={setFocusId}
              onDragStart={dragStart}
              onDrop={(before, event) => drop(index, before, event)}
            />
          ))}
          {batch.parts.length === 0 ? <p className={styles.muted}>{t('batch.noParts')}</p> : null}
        </ol>
        <aside className={styles.side}>
          {focusedPage ? <Preview documentId={focusedPage.document_id} page={focusedPage.page} rotation={focusedPage.rotation} token={token} /> : null}
          <KeyHelp />
        </aside>
      </div>
      {batch.set_aside.length > 0 ? (
        <p className={styles.muted} data-testid="editor-set-aside">
          {t('batch.setAside')}: {batch.set_aside.map((page) => page.id).join(', ')}
        </p>
      ) : null}
      {batch.completed.length > 0 ? (
        <section aria-label={t('batch.completed')}>
          <h3 className={styles.heading}>{t('batch.completed')}</h3>
          <ul data-testid="editor-completed">
            {batch.completed.map((part) => (
              <li key={part.document_id}>{t('batch.completedPart', { name: part.name, id: part.document_id, pages: part.pages })}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {completing ? (
        <CompleteDialog
          parts={chosenParts}
          companies={companies}
          companyNo={companyNo}
          busy={busy}
          onClose={() => setCompleting(false)}
          onComplete={async (choice) => {
            const done = await run({ action: 'completeDocument', parts: chosenParts.map((part) => part.id), ...choice })
            if (done) {
              setCompleting(false)
              notify({ kind: 'success', text: t('complete.done', { count: chosenParts.length }) })
            }
          }}
        />
      ) : null}
    </div>
  )
}

/** The focused page, large. */
function Preview({ documentId, page, rotation, token }: { documentId: number; page: number; rotation: number; token: () => Promise<string | null> }) {
  const { t } = useTranslation('editor')
  const url = usePageImage(documentId, page, PREVIEW_WIDTH, token)
  return (
    <figure className={styles.preview} data-testid="editor-preview">
      {url ? <img src={url} alt={t('batch.preview', { page })} style={{ transform: `rotate(${rotation}deg)` }} /> : <Loading label={t('batch.preview', { page })} />}
    </figure>
  )
}
