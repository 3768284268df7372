import { useCallback, useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { Button, FormControl, Select, TextInput } from '@primer/react'
import { SearchIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import { createLiveQuery } from '@portal/sdk/client'
import { errorToMessage } from '@portal/sdk/errors'
import type { Responsibility, ResponsibilityQuery, StaffMember } from '@portal/sdk/services'
import { Loading } from '../../components/Loading/Loading'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import { useLiveQuery } from '../../hooks/useLiveQuery'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { RESPONSIBILITY_PAGE_SIZE, readResponsibilityParams, responsibilityQuery, writeResponsibilityParams, type ResponsibilityParams } from './responsibilityQuery'
import { ResponsibilityTable } from './ResponsibilityTable'
import styles from '../UserAdmin/UserAdmin.module.css'

/** Staff members read for the filter and the assign choice (a firm's staff fits in one answer). */
const STAFF_LIMIT = 1000
/** Staff choice meaning "nobody". */
const NOBODY = 'nobody'

/**
 * Responsibility (SPEC §2 `/responsibility`, admin group): which staff member is responsible for which client company
 * (the FON monitoring's zustMa). Filter by staff member (or the unassigned companies), search, select companies and
 * assign them to one staff member (or nobody) in one audited change.
 */
export function ResponsibilityScene() {
  const { t } = useTranslation('users')
  const { t: tAny } = useTranslation()
  const { t: tShell } = useTranslation('shell')
  const { client } = useSession()
  const { notify, notifyError } = useSnackbar()
  const [search, setSearch] = useSearchParams()
  const params = useMemo(() => readResponsibilityParams(search), [search])
  const change = useCallback((next: ResponsibilityParams) => setSearch(writeResponsibilityParams(next), { replace: true }), [setSearch])
  const [text, setText] = useState(params.search)
  useEffect(() => setText(params.search), [params.search])
  useEffect(() => {
    if (text.trim() === params.search.trim()) return
    const timer = setTimeout(() => change({ ...params, search: text, page: 0 }), 250)
    return () => clearTimeout(timer)
  }, [text, params, change])

  const key = JSON.stringify(responsibilityQuery(params))
  const live = useMemo(
    () => createLiveQuery<Responsibility, ResponsibilityQuery>(client.service('responsibility'), responsibilityQuery(params), { mode: 'refetch', reconnects: client.socket.io, idOf: (row) => row.companyNo }),
    // The query's content (key) decides.
    [client, key],
  )
  const state = useLiveQuery(live, notifyError)
  const [staff, setStaff] = useState<StaffMember[]>([])
  const [staffVersion, setStaffVersion] = useState(0)
  useEffect(() => {
    let cancelled = false
    client
      .service('responsibility-staff')
      .find({ query: { $limit: STAFF_LIMIT } })
      .then((page) => !cancelled && setStaff(page.data), notifyError)
    return () => {
      cancelled = true
    }
  }, [client, notifyError, staffVersion])

  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  const [target, setTarget] = useState('')
  const [busy, setBusy] = useState(false)
  const rows = state?.items ?? []
  const toggle = (companyNo: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current)
      if (on) next.add(companyNo)
      else next.delete(companyNo)
      return next
    })
  const toggleAll = (on: boolean) =>
    setSelected((current) => {
      const next = new Set(current)
      for (const row of rows) if (on) next.add(row.companyNo)
      else next.delete(row.companyNo)
      return next
    })

  const assign = async () => {
    if (!target || selected.size === 0) return
    setBusy(true)
    try {
      const staffId = target === NOBODY ? null : target
      const result = await client.service('responsibility').create({ staffId, companyNos: [...selected] })
      const name = staffId ? (staff.find((member) => member.id === staffId)?.name ?? '') : t('screen.responsibility.nobody')
      notify({ kind: 'success', text: t('screen.responsibility.assigned', { count: result.changed.length, name }) })
      setSelected(new Set())
      live.refetch()
      setStaffVersion((version) => version + 1)
    } catch (error) {
      notify({ kind: 'error', text: t('screen.failed', { what: tAny('errors:save.failed'), reason: errorToMessage(error, tAny) }) })
    } finally {
      setBusy(false)
    }
  }

  const total = state?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / RESPONSIBILITY_PAGE_SIZE))
  const narrowed = Boolean(params.search || params.staff)
  return (
    <PageFrame title={tShell('routes.responsibility')} testId="scene-responsibility" wide>
      <div className={styles.toolbar} role="search">
        <FormControl id="responsibility-search" className={styles.search}>
          <FormControl.Label>{t('screen.responsibility.search')}</FormControl.Label>
          <TextInput leadingVisual={SearchIcon} value={text} maxLength={100} onChange={(event) => setText(event.target.value)} block />
        </FormControl>
        <FormControl id="responsibility-staff-filter">
          <FormControl.Label>{t('screen.responsibility.staffFilter')}</FormControl.Label>
          <Select value={params.staff} onChange={(event) => change({ ...params, staff: event.target.value, page: 0 })}>
            <Select.Option value="">{t('screen.responsibility.anyStaff')}</Select.Option>
            <Select.Option value="none">{t('screen.responsibility.unassigned')}</Select.Option>
            {staff.map((member) => (
              <Select.Option key={member.id} value={member.id}>
                {t('screen.responsibility.staffOption', { name: member.name, count: member.companies })}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
      </div>
      <div className={styles.selectionBar} data-testid="assign-bar">
        <span>{t('screen.selected', { count: selected.size })}</span>
        <FormControl id="responsibility-assign-to">
          <FormControl.Label>{t('screen.responsibility.assignTo')}</FormControl.Label>
          <Select value={target} onChange={(event) => setTarget(event.target.value)}>
            <Select.Option value="">{t('screen.responsibility.chooseStaff')}</Select.Option>
            {staff.map((member) => (
              <Select.Option key={member.id} value={member.id}>
                {member.name} ({member.email})
              </Select.Option>
            ))}
            <Select.Option value={NOBODY}>{t('screen.responsibility.nobody')}</Select.Option>
          </Select>
        </FormControl>
        <Button variant="primary" size="small" disabled={busy || !target || selected.size === 0} onClick={() => void assign()} data-testid="assign">
          {t('screen.responsibility.assign', { count: selected.size })}
        </Button>
        {selected.size > 0 ? (
          <Button size="small" variant="invisible" onClick={() => setSelected(new Set())}>
            {t('screen.clearSelection')}
          </Button>
        ) : null}
      </div>
      {!state || (state.loading && rows.length === 0) ? (
        <Loading label={t('screen.responsibility.loading')} />
      ) : rows.length === 0 ? (
        <p className={styles.empty} data-testid="responsibility-empty">
          {narrowed ? t('screen.responsibility.emptyFiltered') : t('screen.responsibility.empty')}
        </p>
      ) : (
        <>
          <ResponsibilityTable rows={rows} selected={selected} onToggle={toggle} onToggleAll={toggleAll} />
          <div className={styles.pager}>
            <span className={styles.muted}>
              {t('screen.paging.shown', { from: params.page * RESPONSIBILITY_PAGE_SIZE + 1, to: params.page * RESPONSIBILITY_PAGE_SIZE + rows.length, total })}
            </span>
            <Button size="small" disabled={params.page === 0} onClick={() => change({ ...params, page: params.page - 1 })}>
              {t('screen.paging.previous')}
            </Button>
            <Button size="small" disabled={params.page >= pages - 1} onClick={() => change({ ...params, page: params.page + 1 })}>
              {t('screen.paging.next')}
            </Button>
          </div>
        </>
      )}
    </PageFrame>
  )
}
