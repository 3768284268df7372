import { Box, Text, useInput } from 'ink'
import { useEffect, useRef, useState } from 'react'
import { PERMISSIONS, describeDiff, type UserChange } from '@portal/sdk/domain'
import { translateMessage } from '@portal/sdk/i18n'
import type { User, UserBulkResult } from '@portal/sdk/services'
import type { Translate } from '../../../i18n'
import { changesOf, filterUsers, nextToggle, type PermissionToggle } from './toggles'

/** Props of UsersScreen. */
export interface UsersScreenProps {
  t: Translate
  /** Live users: calls onChange now and after every change until unsubscribed. */
  watchUsers(onChange: (users: User[]) => void): () => void
  /** Runs a bulk change: a dry run for the preview, then for real. */
  applyChanges(changes: UserChange[], dryRun: boolean): Promise<UserBulkResult>
  onBack(): void
  /** Lines of the list shown at once. */
  pageSize?: number
}

type Mode = 'list' | 'filter' | 'permissions' | 'preview' | 'working'

/**
 * The users screen of the terminal app (kca): the list with a filter, select many (Space, a), toggle permissions
 * for the selection (p, then ←/→ and Space: add, remove, keep) or enable/disable them (e, d), see the server's
 * preview of who gains and loses what, and confirm (y) or go back (Esc).
 */
export function UsersScreen({ t, watchUsers, applyChanges, onBack, pageSize = 12 }: UsersScreenProps) {
  const [users, setUsers] = useState<User[]>()
  const [filter, setFilter] = useState('')
  const [cursor, setCursor] = useState(0)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [mode, setMode] = useState<Mode>('list')
  const [permission, setPermission] = useState(0)
  const [toggles, setToggles] = useState<Record<string, PermissionToggle>>({})
  const [enabled, setEnabled] = useState<boolean>()
  const [preview, setPreview] = useState<UserBulkResult>()
  const [message, setMessage] = useState<string>()
  useEffect(() => watchUsers(setUsers), [watchUsers])

  const shownUsers = filterUsers(users ?? [], filter)
  const at = Math.min(cursor, Math.max(0, shownUsers.length - 1))
  // Keys can arrive before the latest render's handler is installed: read the state from a ref.
  const state = useRef({ shownUsers, at, selected, mode, permission, toggles, enabled })
  state.current = { shownUsers, at, selected, mode, permission, toggles, enabled }

  const chosen = () => (state.current.selected.size > 0 ? [...state.current.selected] : state.current.shownUsers[state.current.at] ? [state.current.shownUsers[state.current.at].email] : [])

  const run = (changes: UserChange[], dryRun: boolean) => {
    setMode('working')
    applyChanges(changes, dryRun).then(
      (result) => {
        if (dryRun) {
          setPreview(result)
          setMode('preview')
          return
        }
        setMessage(t('users:bulk.summary', { changed: result.diffs.length, unchanged: result.unchanged }))
        setSelected(new Set())
        setToggles({})
        setEnabled(undefined)
        setPreview(undefined)
        setMode('list')
      },
      (error: unknown) => {
        const data = (error as { data?: { key?: string; params?: Record<string, string | number> } }).data
        setMessage(data?.key ? translateMessage(t, { key: data.key, params: data.params }) : String((error as Error).message))
        setMode('list')
      },
    )
  }

  useInput((input, key) => {
    const current = state.current
    if (current.mode === 'working') return
    if (current.mode === 'filter') {
      if (key.return || key.escape) return setMode('list')
      if (key.backspace || key.delete) return setFilter((text) => text.slice(0, -1))
      if (input && !key.ctrl && !key.meta) {
        setFilter((text) => text + input)
        setCursor(0)
      }
      return
    }
    if (current.mode === 'preview') {
      if (input === 'y' || input === 'j') return run(changesOf(chosen(), current.toggles, current.enabled), false)
      if (key.escape || input === 'n') {
        setPreview(undefined)
        return setMode('permissions')
      }
      return
    }
    if (current.mode === 'permissions') {
      if (key.escape) return setMode('list')
      if (key.leftArrow) return setPermission((index) => Math.max(0, index - 1))
      if (key.rightArrow) return setPermission((index) => Math.min(PERMISSIONS.length - 1, index + 1))
      if (input === ' ') {
        const code = PERMISSIONS[current.permission]
        return setToggles((all) => ({ ...all, [code]: nextToggle(all[code]) }))
      }
      if (input === 'e' || input === 'd') return setEnabled((was) => (was === (input === 'e') ? undefined : input === 'e'))
      if (key.return) {
        const changes = changesOf(chosen(), current.toggles, current.enabled)
        if (changes.length > 0) run(changes, true)
        else setMessage(t('users:bulk.nothing'))
      }
      return
    }
    setMessage(undefined)
    if (key.escape) return onBack()
    if (input === '/') return setMode('filter')
    if (key.upArrow) return setCursor(Math.max(0, current.at - 1))
    if (key.downArrow) return setCursor(Math.min(current.shownUsers.length - 1, current.at + 1))
    if (input === ' ' && current.shownUsers[current.at]) {
      const email = current.shownUsers[current.at].email
      return setSelected((was) => {
        const next = new Set(was)
        if (next.has(email)) next.delete(email)
        else next.add(email)
        return next
      })
    }
    if (input === 'a') return setSelected(new Set(current.shownUsers.map((user) => user.email)))
    if (input === 'c') return setSelected(new Set())
    if (input === 'p' || key.return) return setMode('permissions')
  })

  if (!users) return <Text dimColor>{t('tui.loading')}</Text>
  const first = Math.max(0, Math.min(at - Math.floor(pageSize / 2), shownUsers.length - pageSize))
  return (
    <Box flexDirection="column" gap={1}>
      <Text bold color="cyan">
        {t('users:title')} ({shownUsers.length}/{users.length}, {t('users:tui.selected', { count: selected.size })})
      </Text>
      <Box gap={1}>
        <Text bold>{t('users:tui.filter')}</Text>
        <Text>{filter}</Text>
        {mode === 'filter' ? <Text inverse> </Text> : null}
      </Box>
      <Box flexDirection="column">
        {shownUsers.length === 0 ? <Text color="yellow">{t('users:cli.empty')}</Text> : null}
        {shownUsers.slice(first, first + pageSize).map((user, index) => {
          const isCursor = first + index === at
          return (
            <Text key={user.id} color={isCursor ? 'cyan' : user.enabled ? undefined : 'gray'} bold={isCursor}>
              {isCursor ? '›' : ' '} {selected.has(user.email) ? '[x]' : '[ ]'} {user.email} {user.lastName}, {user.firstName} · {user.permissions.join(' ')}
              {user.enabled ? '' : ` · ${t('users:state.disabled')}`}
            </Text>
          )
        })}
      </Box>
      {mode === 'permissions' || mode === 'preview' || mode === 'working' ? (
        <Box flexDirection="column">
          <Text>
            {PERMISSIONS.map((code, index) => {
              const toggle = toggles[code]
              const sign = toggle === 'add' ? '+' : toggle === 'remove' ? '-' : ' '
              return (
                <Text key={code} inverse={index === permission} color={toggle === 'add' ? 'green' : toggle === 'remove' ? 'red' : undefined}>
                  {sign}
                  {code}{' '}
                </Text>
              )
            })}
          </Text>
          {enabled !== undefined ? <Text>{t(enabled ? 'users:diff.enabled' : 'users:diff.disabled')}</Text> : null}
        </Box>
      ) : null}
      {preview ? (
        <Box flexDirection="column">
          {preview.errors.map((error) => (
            <Text key={`${error.row}-${error.field}`} color="red">
              {error.email}: {translateMessage(t, error.message)}
            </Text>
          ))}
          {preview.diffs.map((diff) => (
            <Text key={diff.userId}>
              {diff.email}: {describeDiff(diff).map((line) => translateMessage(t, line)).join('; ')}
            </Text>
          ))}
          {preview.errors.length === 0 && preview.diffs.length > 0 ? <Text bold>{t('users:bulk.confirm', { count: preview.diffs.length })} (y/n)</Text> : null}
        </Box>
      ) : null}
      {message ? <Text color="yellow">{message}</Text> : null}
      <Text dimColor>{t(`users:tui.keys.${mode === 'working' ? 'preview' : mode}`)}</Text>
    </Box>
  )
}
