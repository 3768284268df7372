import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { Banner, Button, ConfirmationDialog, IconButton } from '@primer/react'
import { PersonAddIcon, QuestionIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import { errorToMessage } from '@portal/sdk/errors'
import type { PasswordSetup, User } from '@portal/sdk/services'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import { Loading } from '../../components/Loading/Loading'
import { useCompany } from '../../hooks/useCompany'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { AuditLog } from './AuditLog'
import { BulkDialog } from './BulkDialog'
import { PasswordLinkDialog } from './PasswordLinkDialog'
import { UserAdminShortcuts } from './UserAdminShortcuts'
import { UserDialog } from './UserDialog'
import { UserTable, type UserAction } from './UserTable'
import { UserToolbar } from './UserToolbar'
import { userCreateData, userPatchData, type UserFormValues } from './userForm'
import { isNarrowed, readUserListParams, USER_PAGE_SIZE, usersQuery, writeUserListParams, type UserListParams, type UserSortField } from './userListQuery'
import { useUserAdminKeys } from './useUserAdminKeys'
import { useUserList } from './useUserList'
import styles from './UserAdmin.module.css'

type Editing = { kind: 'new' } | { kind: 'edit'; user: User }
type Confirming = { action: Exclude<UserAction, 'enable'>; user: User }

/**
 * User administration (SPEC §2 `/user-admin`, permission kca): the users with SPEC §3's columns, searched, filtered,
 * sorted and paged by the server; create and edit; select many and change them in bulk after a preview; enable,
 * disable, delete, reset credentials; and the audit log. Lists follow every change live.
 */
export function UserAdminScene() {
  const { t } = useTranslation('users')
  const { t: tAny } = useTranslation()
  const { t: tShell } = useTranslation('shell')
  const { client, user: me, config, language } = useSession()
  const { companies } = useCompany()
  const { notify, notifyError } = useSnackbar()
  const [search, setSearch] = useSearchParams()
  const params = useMemo(() => readUserListParams(search), [search])
  const tab = search.get('tab') === 'audit' ? 'audit' : 'users'
  const list = useUserList(client, usersQuery(params), notifyError)
  // With an external identity provider it owns passwords and second factors; the portal keeps rights and enabled.
  const external = config.externalIssuer ?? null

  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map())
  const [focusedId, setFocusedId] = useState<string | null>(null)
  const [editing, setEditing] = useState<Editing | null>(null)
  const [bulk, setBulk] = useState(false)
  const [confirming, setConfirming] = useState<Confirming | null>(null)
  const [link, setLink] = useState<{ email: string; setup: PasswordSetup } | null>(null)
  const [help, setHelp] = useState(false)
  const searchRef = useRef<HTMLInputElement>(null)

  const describe = useCallback((what: string, error: unknown) => t('screen.failed', { what: tAny(what), reason: errorToMessage(error, tAny) }), [t, tAny])
  const changeList = useCallback((next: UserListParams) => setSearch(writeUserListParams(next, search), { replace: true }), [search, setSearch])
  const setTab = (next: 'users' | 'audit') => {
    const out = new URLSearchParams(search)
    if (next === 'audit') out.set('tab', 'audit')
    else out.delete('tab')
    setSearch(out, { replace: true })
  }
  const sortBy = (field: UserSortField) => changeList({ ...params, sort: field, desc: params.sort === field ? !params.desc : false, page: 0 })
  const pages = Math.max(1, Math.ceil(list.total / USER_PAGE_SIZE))
  const goPage = (page: number) => changeList({ ...params, page: Math.min(Math.max(page, 0), pages - 1) })

  const toggle = (user: User, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current)
      if (on) next.set(user.id, user.email)
      else next.delete(user.id)
      return next
    })
  const toggleAll = (on: boolean) =>
    setSelected((current) => {
      const next = new Map(current)
      for (const user of list.users) if (on) next.set(user.id, user.email)
      else next.delete(user.id)
      return next
    })

  // A page past the end (users deleted, a narrower filter) goes back to the last page there is.
  useEffect(() => {
    if (!list.loading && params.page > 0 && params.page >= pages) goPage(pages - 1)
    // goPage is rebuilt every render; the page numbers decide.
  }, [list.loading, params.page, pages])

  const showSetup = (email: string, setup: PasswordSetup) => {
    if (setup.delivery === 'link' && setup.link) setLink({ email, setup })
    else if (setup.delivery === 'mail') notify({ kind: 'success', text: t('setup.mailed', { email }) })
  }

  const submit = async (values: UserFormValues) => {
    try {
      if (editing?.kind === 'edit') {
        const patch = userPatchData(editing.user, values)
        if (patch) await client.service('users').patch(editing.user.id, patch)
        notify({ kind: 'success', text: t('saved') })
      } else {
        const created = await client.service('users').create(userCreateData(values))
        notify({ kind: 'success', text: t('created', { email: created.email }) })
        showSetup(created.email, created.setup)
      }
    } catch (error) {
      throw new Error(describe('errors:save.createOrUpdateFailed', error))
    }
    setEditing(null)
    list.refetch()
  }

  const setEnabled = async (user: User, enabled: boolean) => {
    try {
      await client.service('users').patch(user.id, { enabled })
      notify({ kind: 'success', text: t(enabled ? 'screen.enabledDone' : 'screen.disabledDone', { email: user.email }) })
      list.refetch()
    } catch (error) {
      notify({ kind: 'error', text: describe('errors:save.failed', error) })
    }
  }

  const onAction = (user: User, action: UserAction) => {
    if (action === 'enable') void setEnabled(user, true)
    else setConfirming({ action, user })
  }

  const confirmed = async ({ action, user }: Confirming) => {
    setConfirming(null)
    if (action === 'disable') return setEnabled(user, false)
    if (action === 'delete') {
      try {
        await client.service('users').remove(user.id)
        notify({ kind: 'success', text: t('deleted', { email: user.email }) })
        toggle(user, false)
        list.refetch()
      } catch (error) {
        notify({ kind: 'error', text: describe('errors:user.deleteFailed', error) })
      }
      return
    }
    try {
      const reset = action === 'resetPassword' ? 'password' : 'secondFactor'
      const result = await client.service('user-credentials').create({ userId: user.id, reset })
      if (result.setup) showSetup(user.email, result.setup)
      else notify({ kind: 'success', text: t('setup.secondFactorReset', { email: user.email }) })
    } catch (error) {
      notify({ kind: 'error', text: describe('errors:save.failed', error) })
    }
  }

  const dialogOpen = editing !== null || bulk || confirming !== null || link !== null || help
  useUserAdminKeys({
    enabled: tab === 'users' && !dialogOpen,
    search: () => searchRef.current?.focus(),
    create: () => setEditing({ kind: 'new' }),
    bulk: () => selected.size > 0 && setBulk(true),
    selectAll: () => toggleAll(true),
    previousPage: () => goPage(params.page - 1),
    nextPage: () => goPage(params.page + 1),
    clear: () => setSelected(new Map()),
    help: () => setHelp(true),
  })

  const confirmText = confirming
    ? {
        disable: { title: t('screen.confirm.disableTitle'), body: t('disableConfirm', { count: 1 }), button: t('screen.confirm.disable') },
        delete: { title: t('screen.confirm.deleteTitle'), body: t('deleteConfirm', { email: confirming.user.email }), button: t('screen.confirm.delete') },
        resetPassword: { title: t('screen.confirm.resetPasswordTitle'), body: t('screen.confirm.resetPassword', { email: confirming.user.email }), button: t('screen.confirm.reset') },
        resetSecondFactor: { title: t('screen.confirm.resetSecondFactorTitle'), body: t('screen.confirm.resetSecondFactor', { email: confirming.user.email }), button: t('screen.confirm.reset') },
      }[confirming.action]
    : null

  const first = params.page * USER_PAGE_SIZE + 1
  const last = params.page * USER_PAGE_SIZE + list.users.length
  return (
    <PageFrame title={tShell('routes.user-admin')} testId="scene-user-admin" wide>
      <div className={styles.topRow}>
        <nav aria-label={t('title')} className={styles.buttons}>
          <Button variant={tab === 'users' ? 'primary' : 'invisible'} aria-current={tab === 'users' ? 'page' : undefined} onClick={() => setTab('users')} data-testid="tab-users">
            {t('screen.tabs.users')}
          </Button>
          <Button variant={tab === 'audit' ? 'primary' : 'invisible'} aria-current={tab === 'audit' ? 'page' : undefined} onClick={() => setTab('audit')} data-testid="tab-audit">
            {t('screen.tabs.audit')}
          </Button>
        </nav>
        <div className={styles.buttons}>
          <Button leadingVisual={PersonAddIcon} onClick={() => setEditing({ kind: 'new' })} aria-keyshortcuts="n" data-testid="new-user">
            {t('screen.actions.new')}
          </Button>
          <IconButton icon={QuestionIcon} aria-label={t('screen.actions.shortcuts')} aria-keyshortcuts="?" variant="invisible" onClick={() => setHelp(true)} />
        </div>
      </div>
      {external ? (
        <Banner title={t('screen.externalTitle')} description={t('external.notice', { issuer: external })} variant="info" hideTitle={false} data-testid="external-notice" />
      ) : null}
      {tab === 'audit' ? (
        <AuditLog client={client} language={language} onError={notifyError} />
      ) : (
        <>
          <UserToolbar params={params} companies={companies} onChange={changeList} searchRef={searchRef} />
          {selected.size > 0 ? (
            <div className={styles.selectionBar} data-testid="selection-bar" aria-live="polite">
              <span data-testid="selection-count">{t('screen.selected', { count: selected.size })}</span>
              <Button variant="primary" size="small" onClick={() => setBulk(true)} aria-keyshortcuts="b" data-testid="bulk-edit">
                {t('screen.actions.bulk')}
              </Button>
              <Button size="small" variant="invisible" onClick={() => setSelected(new Map())} aria-keyshortcuts="Escape">
                {t('screen.clearSelection')}
              </Button>
            </div>
          ) : null}
          {list.loading && list.users.length === 0 ? (
            <Loading label={t('screen.loading')} />
          ) : list.users.length === 0 ? (
            <p className={styles.empty} data-testid="users-empty">
              {isNarrowed(params) ? t('screen.emptyFiltered') : t('screen.empty')}
            </p>
          ) : (
            <>
              <UserTable
                users={list.users}
                selected={new Set(selected.keys())}
                onToggle={toggle}
                onToggleAll={toggleAll}
                focusedId={focusedId}
                onFocusRow={setFocusedId}
                sort={params.sort}
                desc={params.desc}
                onSort={sortBy}
                onEdit={(user) => setEditing({ kind: 'edit', user })}
                onAction={onAction}
                language={language}
                ownKeycloakId={me.keycloakId}
                ownsCredentials={external === null}
              />
              <div className={styles.pager}>
                <span className={styles.muted} data-testid="users-shown">
                  {t('screen.paging.shown', { from: first, to: last, total: list.total })}
                </span>
                <Button size="small" disabled={params.page === 0} onClick={() => goPage(params.page - 1)} aria-keyshortcuts="[">
                  {t('screen.paging.previous')}
                </Button>
                <Button size="small" disabled={params.page >= pages - 1} onClick={() => goPage(params.page + 1)} aria-keyshortcuts="]">
                  {t('screen.paging.next')}
                </Button>
              </div>
            </>
          )}
        </>
      )}
      {editing ? (
        <UserDialog
          user={editing.kind === 'edit' ? editing.user : undefined}
          companies={companies}
          defaultLocale={language}
          ownKeycloakId={me.keycloakId}
          grantable={me.permissions_array}
          onSubmit={submit}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {bulk ? (
        <BulkDialog
          emails={[...selected.values()]}
          companies={companies}
          grantable={me.permissions_array}
          run={(changes, dryRun) => client.service('user-bulk').create({ changes, dryRun })}
          describeError={(error) => describe('errors:save.failed', error)}
          onApplied={(result) => {
            notify({ kind: 'success', text: t('screen.bulk.applied', { count: result.diffs.length }) })
            setBulk(false)
            setSelected(new Map())
            list.refetch()
          }}
          onClose={() => setBulk(false)}
        />
      ) : null}
      {confirming && confirmText ? (
        <ConfirmationDialog
          title={confirmText.title}
          onClose={(gesture) => (gesture === 'confirm' ? void confirmed(confirming) : setConfirming(null))}
          confirmButtonContent={confirmText.button}
          cancelButtonContent={t('screen.confirm.cancel')}
          confirmButtonType={confirming.action === 'delete' || confirming.action === 'disable' ? 'danger' : 'normal'}
        >
          {confirmText.body}
        </ConfirmationDialog>
      ) : null}
      {link ? (
        <PasswordLinkDialog
          email={link.email}
          setup={link.setup}
          onCopied={(copied) => copied && notify({ kind: 'success', text: t('screen.link.copied') })}
          onClose={() => setLink(null)}
        />
      ) : null}
      {help ? <UserAdminShortcuts onClose={() => setHelp(false)} /> : null}
    </PageFrame>
  )
}
