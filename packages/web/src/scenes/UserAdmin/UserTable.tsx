import { dateFormat } from '@portal/sdk/i18n'
import { useEffect, useRef, type KeyboardEvent } from 'react'
import { ActionList, ActionMenu, Button, Checkbox, IconButton, Label } from '@primer/react'
import { KebabHorizontalIcon, PencilIcon, TriangleDownIcon, TriangleUpIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import type { User } from '@portal/sdk/services'
import { clientAccessText } from './userCells'
import type { UserSortField } from './userListQuery'
import styles from './UserAdmin.module.css'

/** What a row's menu can do to one user. */
export type UserAction = 'enable' | 'disable' | 'resetPassword' | 'resetSecondFactor' | 'delete'

/** Props of UserTable. */
export interface UserTableProps {
  users: readonly User[]
  selected: ReadonlySet<string>
  onToggle: (user: User, selected: boolean) => void
  onToggleAll: (selected: boolean) => void
  /** The row with the keyboard focus (its id), if any. */
  focusedId: string | null
  onFocusRow: (id: string) => void
  sort: UserSortField
  desc: boolean
  onSort: (field: UserSortField) => void
  onEdit: (user: User) => void
  onAction: (user: User, action: UserAction) => void
  language: string
  /** The signed-in administrator (they cannot disable or delete themselves). */
  ownKeycloakId: string
  /** Passwords and second factors are the portal's (not an external provider's). */
  ownsCredentials: boolean
}

const COLUMNS = ['username', 'email', 'lastName', 'firstName', 'telNr', 'klienten', 'permissions', 'mobileApp', 'lastLogin', 'enabled'] as const
const SORTABLE: ReadonlySet<string> = new Set<UserSortField>(['username', 'email', 'lastName', 'firstName', 'lastLogin', 'enabled'])

/**
 * The users of one page with SPEC §3's columns. Sorting by a column header; keyboard in the rows: ↑/↓ move,
 * Space selects, Enter edits; each row's menu enables or disables, resets credentials and deletes.
 */
export function UserTable(props: UserTableProps) {
  const { users, selected, focusedId, sort, desc, language } = props
  const { t } = useTranslation('users')
  const body = useRef<HTMLTableSectionElement>(null)
  const when = dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' })
  const allSelected = users.length > 0 && users.every((user) => selected.has(user.id))
  const someSelected = !allSelected && users.some((user) => selected.has(user.id))

  // The focused row keeps the keyboard focus when the page is found again (a live update).
  useEffect(() => {
    if (!focusedId || !body.current?.contains(document.activeElement)) return
    body.current.querySelector<HTMLElement>(`tr[data-user-id="${focusedId}"]`)?.focus()
  }, [focusedId, users])

  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    if (event.target !== event.currentTarget) return
    const user = users[index]
    if (event.key === ' ') {
      event.preventDefault()
      props.onToggle(user, !selected.has(user.id))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      props.onEdit(user)
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const next = users[index + (event.key === 'ArrowDown' ? 1 : -1)]
      if (!next) return
      props.onFocusRow(next.id)
      body.current?.querySelector<HTMLElement>(`tr[data-user-id="${next.id}"]`)?.focus()
    }
  }

  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="user-table">
        <caption className={styles.visuallyHidden}>{t('screen.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.selectCell}>
              <Checkbox
                aria-label={t('screen.selectAll')}
                checked={allSelected}
                indeterminate={someSelected}
                onChange={(event) => props.onToggleAll(event.target.checked)}
                data-testid="select-all"
              />
            </th>
            {COLUMNS.map((column) => {
              const label = t(`columns.${column}`)
              if (!SORTABLE.has(column)) return <th key={column} scope="col">{label}</th>
              const active = sort === column
              return (
                <th key={column} scope="col" aria-sort={active ? (desc ? 'descending' : 'ascending') : 'none'}>
                  <button type="button" className={styles.sortButton} onClick={() => props.onSort(column as UserSortField)} title={t('screen.sortBy', { column: label })} data-testid={`sort-${column}`}>
                    {label}
                    {active ? desc ? <TriangleDownIcon size={16} /> : <TriangleUpIcon size={16} /> : null}
                  </button>
                </th>
              )
            })}
            <th scope="col">
              <span className={styles.visuallyHidden}>{t('screen.actions.edit')}</span>
            </th>
          </tr>
        </thead>
        <tbody ref={body}>
          {users.map((user, index) => {
            const isSelected = selected.has(user.id)
            const own = user.keycloakId === props.ownKeycloakId
            return (
              <tr
                key={user.id}
                tabIndex={focusedId === user.id || (focusedId === null && index === 0) ? 0 : -1}
                aria-selected={isSelected}
                className={isSelected ? styles.selectedRow : undefined}
                onKeyDown={(event) => onRowKey(event, index)}
                onFocus={(event) => event.target === event.currentTarget && props.onFocusRow(user.id)}
                data-testid="user-row"
                data-user-id={user.id}
                data-email={user.email}
                data-enabled={user.enabled}
              >
                <td className={styles.selectCell}>
                  <Checkbox aria-label={t('screen.selectUser', { email: user.email })} checked={isSelected} onChange={(event) => props.onToggle(user, event.target.checked)} tabIndex={-1} />
                </td>
                <td>{user.username}</td>
                <th scope="row" className={styles.email}>
                  {user.email}
                </th>
                <td>{user.lastName}</td>
                <td>{user.firstName}</td>
                <td>{user.telNr ?? ''}</td>
                <td className={styles.clients}>{clientAccessText(user, t)}</td>
                <td>
                  <span className={styles.codes} data-testid="user-permissions">
                    {user.permissions.join(' ')}
                  </span>
                </td>
                <td>{user.mobileApp ? t('screen.yes') : t('screen.no')}</td>
                <td>{user.lastLogin ? <time dateTime={user.lastLogin}>{when.format(new Date(user.lastLogin))}</time> : t('state.never')}</td>
                <td>
                  <Label variant={user.enabled ? 'success' : 'secondary'} data-testid="user-state">
                    {user.enabled ? t('state.enabled') : t('state.disabled')}
                  </Label>
                </td>
                <td>
                  <div className={styles.rowActions}>
                    <Button size="small" variant="invisible" leadingVisual={PencilIcon} onClick={() => props.onEdit(user)} aria-label={t('screen.actions.editUser', { email: user.email })}>
                      {t('screen.actions.edit')}
                    </Button>
                    <ActionMenu>
                      <ActionMenu.Anchor>
                        <IconButton icon={KebabHorizontalIcon} size="small" variant="invisible" aria-label={t('screen.actions.more', { email: user.email })} data-testid="user-menu" />
                      </ActionMenu.Anchor>
                      <ActionMenu.Overlay>
                        <ActionList>
                          {user.enabled ? (
                            <ActionList.Item disabled={own} onSelect={() => props.onAction(user, 'disable')}>
                              {t('screen.actions.disable')}
                            </ActionList.Item>
                          ) : (
                            <ActionList.Item onSelect={() => props.onAction(user, 'enable')}>{t('screen.actions.enable')}</ActionList.Item>
                          )}
                          {props.ownsCredentials ? (
                            <>
                              <ActionList.Item onSelect={() => props.onAction(user, 'resetPassword')}>{t('screen.actions.resetPassword')}</ActionList.Item>
                              <ActionList.Item onSelect={() => props.onAction(user, 'resetSecondFactor')}>{t('screen.actions.resetSecondFactor')}</ActionList.Item>
                            </>
                          ) : null}
                          <ActionList.Divider />
                          <ActionList.Item variant="danger" disabled={own} onSelect={() => props.onAction(user, 'delete')}>
                            {t('screen.actions.delete')}
                          </ActionList.Item>
                        </ActionList>
                      </ActionMenu.Overlay>
                    </ActionMenu>
                  </div>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
