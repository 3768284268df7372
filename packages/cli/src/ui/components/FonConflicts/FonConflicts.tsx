import { Box, Text, useInput } from 'ink'
import { useEffect, useRef, useState } from 'react'
import type { FonItem } from '@portal/sdk/services'
import type { Translate } from '../../../i18n'

/** Live open conflicts: calls onChange now and on every change until unsubscribed. */
export type WatchConflicts = (onChange: (items: FonItem[]) => void) => () => void

/** Props of FonConflicts. */
export interface FonConflictsProps {
  t: Translate
  watch: WatchConflicts
  resolve(args: { id: number; remark: string; version: number }): Promise<FonItem>
  onQuit(): void
  /** Esc goes back (inside the terminal app); without it Esc quits like q. */
  onBack?(): void
  /** Lines of the list shown at once. */
  pageSize?: number
}

type Notice = { kind: 'ok' | 'error' | 'info'; text: string }

/**
 * The conflicts screen: walk the open conflicts with ↑/↓, see both sides of the mismatch, Enter to type a remark and
 * Enter again to resolve. The list follows colleagues' resolutions live.
 */
export function FonConflicts({ t, watch, resolve, onQuit, onBack, pageSize = 8 }: FonConflictsProps) {
  const [items, setItems] = useState<FonItem[] | undefined>()
  const [cursor, setCursor] = useState(0)
  const [remark, setRemark] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<Notice>()
  const mine = useRef(new Set<number>())
  const previous = useRef<FonItem[]>([])

  useEffect(
    () =>
      watch((next) => {
        const ids = new Set(next.map((item) => item.id))
        const gone = previous.current.filter((item) => !ids.has(item.id) && !mine.current.has(item.id))
        if (gone.length > 0) setNotice({ kind: 'info', text: t('fon:tui.resolvedElsewhere', { name: gone[0].name }) })
        previous.current = next
        setItems(next)
      }),
    [watch, t],
  )

  const list = items ?? []
  const selected = Math.min(cursor, Math.max(0, list.length - 1))
  const current = list[selected]
  // Keys may arrive before the latest render's handler is installed: read from a ref.
  const shown = useRef({ list, selected, remark, busy, current })
  shown.current = { list, selected, remark, busy, current }

  useInput((input, key) => {
    const state = shown.current
    if (state.busy) return
    if (state.remark !== null) {
      if (key.escape) return setRemark(null)
      if (key.return) {
        const item = state.current
        if (!item) return setRemark(null)
        if (state.remark.trim() === '') return setNotice({ kind: 'error', text: t('fon:errors.remarkRequired') })
        setBusy(true)
        mine.current.add(item.id)
        resolve({ id: item.id, remark: state.remark.trim(), version: item.version })
          .then((resolved) => {
            setNotice({ kind: 'ok', text: t('fon:resolve.done', { name: resolved.name }) })
            setRemark(null)
          })
          .catch((error: unknown) => {
            mine.current.delete(item.id)
            setNotice({ kind: 'error', text: error instanceof Error ? error.message : String(error) })
          })
          .finally(() => setBusy(false))
        return
      }
      if (key.backspace || key.delete) return setRemark(state.remark.slice(0, -1))
      if (input && !key.ctrl && !key.meta) setRemark(state.remark + input)
      return
    }
    if (key.escape) return (onBack ?? onQuit)()
    if (input === 'q' || (key.ctrl && input === 'c')) return onQuit()
    if (key.upArrow) return setCursor(Math.max(0, state.selected - 1))
    if (key.downArrow) return setCursor(Math.min(state.list.length - 1, state.selected + 1))
    if (key.return && state.current) {
      setNotice(undefined)
      setRemark('')
    }
  })

  if (!items) return <Text dimColor>{t('fon:table.loading')}</Text>
  const first = Math.max(0, Math.min(selected - Math.floor(pageSize / 2), list.length - pageSize))
  return (
    <Box flexDirection="column" gap={1}>
      <Text bold color="cyan">
        {t('fon:tui.title')} <Text dimColor>{t('fon:tui.count', { count: list.length })}</Text>
      </Text>
      {list.length === 0 ? <Text color="green">{t('fon:tui.none')}</Text> : null}
      <Box flexDirection="column">
        {list.slice(first, first + pageSize).map((item, index) => {
          const isSelected = first + index === selected
          return (
            <Text key={item.id} inverse={isSelected}>
              {isSelected ? '› ' : '  '}
              {item.name} · {item.taxId} · {item.returnType} {item.year} · {t(`domain:quotaConflict.${item.conflictKind ?? 'noNTCSRecord'}`)}
            </Text>
          )
        })}
      </Box>
      {current ? (
        <Box flexDirection="column" borderStyle="round" paddingX={1}>
          <Text bold>
            {current.name} ({t(`fon:returnType.${current.returnType}`)} {current.year})
          </Text>
          <Text>
            {t('fon:columns.conflict')}: {current.conflictField ? t(`fon:field.${current.conflictField}`) : ''}
          </Text>
          <Text>
            {t('fon:side.ntcs')}: <Text color="yellow">{current.ntcsValue ?? t('fon:side.none')}</Text>
          </Text>
          <Text>
            {t('fon:side.fon')}: <Text color="yellow">{current.fonValue ?? t('fon:side.none')}</Text>
          </Text>
          <Text dimColor>
            {t('fon:columns.action')}: {t(`fon:action.${current.action}`)}
            {current.employeeName ? ` · ${t('fon:columns.employee')}: ${current.employeeName}` : ''}
          </Text>
        </Box>
      ) : null}
      {remark !== null ? (
        <Box gap={1}>
          <Text bold>{t('fon:resolve.remark')}:</Text>
          <Text>{remark}</Text>
          <Text inverse> </Text>
        </Box>
      ) : null}
      {notice ? <Text color={notice.kind === 'error' ? 'red' : notice.kind === 'ok' ? 'green' : 'yellow'}>{notice.text}</Text> : null}
      <Text dimColor>{remark !== null ? t('fon:tui.remarkKeys') : t('fon:tui.keys')}</Text>
    </Box>
  )
}
