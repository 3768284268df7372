import { useCallback, useEffect, useRef, useState } from 'react'
import { Button, FormControl, Select, TextInput } from '@primer/react'
import { PlusIcon, SearchIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import type { AccountingClient, SupplierAccount } from '@portal/sdk/services'
import { ACCOUNT_LIST_KINDS, type AccountListKind } from '@portal/sdk/state'
import { AccountDialog } from '../../components/accounts'
import { Loading } from '../../components/Loading/Loading'
import { useCan } from '../../hooks/useCan'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { AccountTable } from './AccountTable'
import { useAccountList } from './useAccountList'
import styles from './Accounts.module.css'

/** Props of AccountsPanel. */
export interface AccountsPanelProps {
  company: AccountingClient
}

/** Waits this long after the last keystroke before searching on the server. */
const SEARCH_DELAY_MS = 250

/**
 * The company's suppliers and customers of its current accounting: search, kind filter, the live list, and the
 * dialog to create (N) or edit (Enter on a name) an account. `/` goes to the search.
 */
export function AccountsPanel({ company }: AccountsPanelProps) {
  const { t } = useTranslation('accounts')
  const { client, config } = useSession()
  const { notifyError } = useSnackbar()
  const companyNo = company.company_no
  const canWrite = useCan('acc-suppliers', 'create', { companyNo })
  const [typed, setTyped] = useState('')
  const [search, setSearch] = useState('')
  const [kind, setKind] = useState<AccountListKind>('all')
  const [dialog, setDialog] = useState<{ account?: SupplierAccount } | null>(null)
  const searchRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [typed])

  const filter = { companyNo, accounting: company.current_accounting, kind, search }
  const { state, merge } = useAccountList(client, filter, config.defaultAccountSystem, notifyError)

  // Keys of the screen: "/" searches, "n" opens a new account (not while typing or with a dialog open).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null
      if (dialog || event.ctrlKey || event.metaKey || event.altKey) return
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return
      if (event.key === '/') {
        event.preventDefault()
        searchRef.current?.focus()
      } else if ((event.key === 'n' || event.key === 'N') && canWrite) {
        event.preventDefault()
        setDialog({})
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [dialog, canWrite])

  const onSaved = useCallback((account: SupplierAccount) => merge(account), [merge])
  const items = state?.items ?? []
  const filtered = search.trim() !== '' || kind !== 'all'
  return (
    <div data-testid="accounts-panel">
      <div className={styles.toolbar}>
        <FormControl id="account-search" className={styles.search}>
          <FormControl.Label visuallyHidden>{t('list.searchLabel')}</FormControl.Label>
          <TextInput
            ref={searchRef}
            leadingVisual={SearchIcon}
            placeholder={t('list.search')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            maxLength={100}
            aria-keyshortcuts="/"
            block
            data-testid="account-search"
          />
        </FormControl>
        <FormControl id="account-kind">
          <FormControl.Label visuallyHidden>{t('list.kindFilter')}</FormControl.Label>
          <Select value={kind} onChange={(event) => setKind(event.target.value as AccountListKind)} data-testid="account-kind-filter">
            {ACCOUNT_LIST_KINDS.map((option) => (
              <Select.Option key={option} value={option}>
                {t(`list.kind.${option}`)}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        {canWrite ? (
          <Button variant="primary" leadingVisual={PlusIcon} onClick={() => setDialog({})} aria-keyshortcuts="n" data-testid="account-new">
            {t('actions.new')}
          </Button>
        ) : null}
      </div>
      {!state || state.loading ? (
        <Loading label={t('list.loading')} />
      ) : items.length === 0 ? (
        <p className={styles.muted} data-testid="accounts-empty">
          {filtered ? t('list.emptyFiltered') : t('list.empty')}
        </p>
      ) : (
        <>
          <p className={styles.muted} aria-live="polite" data-testid="accounts-count">
            {t('list.shown', { shown: items.length, total: state.total })}
          </p>
          <AccountTable
            accounts={items}
            caption={t('list.caption', { company: `${company.company_no} ${company.company_name}` })}
            onOpen={canWrite ? (account) => setDialog({ account }) : undefined}
          />
        </>
      )}
      {dialog ? (
        <AccountDialog companyNo={companyNo} account={dialog.account} onSaved={onSaved} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  )
}
