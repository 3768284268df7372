import { useEffect, useState, type RefObject } from 'react'
import { Button, FormControl, Select, TextInput } from '@primer/react'
import { SearchIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import { PERMISSIONS } from '@portal/sdk/domain'
import type { AccountingClient } from '@portal/sdk/services'
import { DEFAULT_USER_LIST, isNarrowed, type UserListParams } from './userListQuery'
import styles from './UserAdmin.module.css'

/** Props of UserToolbar. */
export interface UserToolbarProps {
  params: UserListParams
  companies: readonly AccountingClient[]
  onChange: (params: UserListParams) => void
  searchRef: RefObject<HTMLInputElement | null>
}

/** How long typing pauses before the search goes to the server. */
const SEARCH_DELAY_MS = 250

/** Search (name, e-mail, user name) and the filters: permission, client company, enabled state. */
export function UserToolbar({ params, companies, onChange, searchRef }: UserToolbarProps) {
  const { t } = useTranslation('users')
  const [text, setText] = useState(params.search)
  useEffect(() => setText(params.search), [params.search])
  useEffect(() => {
    if (text.trim() === params.search.trim()) return
    const timer = setTimeout(() => onChange({ ...params, search: text, page: 0 }), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text, params, onChange])
  const filter = (change: Partial<UserListParams>) => onChange({ ...params, ...change, page: 0 })
  return (
    <div className={styles.toolbar} role="search">
      <FormControl id="user-search" className={styles.search}>
        <FormControl.Label>{t('screen.search')}</FormControl.Label>
        <TextInput
          ref={searchRef}
          leadingVisual={SearchIcon}
          placeholder={t('screen.searchPlaceholder')}
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
          aria-keyshortcuts="/"
          block
        />
      </FormControl>
      <FormControl id="user-filter-permission">
        <FormControl.Label>{t('screen.filters.permission')}</FormControl.Label>
        <Select value={params.permission} onChange={(event) => filter({ permission: event.target.value })}>
          <Select.Option value="">{t('screen.filters.anyPermission')}</Select.Option>
          {PERMISSIONS.map((code) => (
            <Select.Option key={code} value={code}>
              {code}
            </Select.Option>
          ))}
        </Select>
      </FormControl>
      <FormControl id="user-filter-client">
        <FormControl.Label>{t('screen.filters.client')}</FormControl.Label>
        <Select value={String(params.client)} onChange={(event) => filter({ client: Number(event.target.value) })}>
          <Select.Option value="0">{t('screen.filters.anyClient')}</Select.Option>
          {companies.map((company) => (
            <Select.Option key={company.company_no} value={String(company.company_no)}>
              {company.company_no} {company.company_name}
            </Select.Option>
          ))}
        </Select>
      </FormControl>
      <FormControl id="user-filter-enabled">
        <FormControl.Label>{t('screen.filters.state')}</FormControl.Label>
        <Select value={params.enabled} onChange={(event) => filter({ enabled: event.target.value as UserListParams['enabled'] })}>
          <Select.Option value="">{t('screen.filters.anyState')}</Select.Option>
          <Select.Option value="yes">{t('screen.filters.onlyEnabled')}</Select.Option>
          <Select.Option value="no">{t('screen.filters.onlyDisabled')}</Select.Option>
        </Select>
      </FormControl>
      <Button disabled={!isNarrowed(params)} onClick={() => onChange({ ...DEFAULT_USER_LIST, sort: params.sort, desc: params.desc })}>
        {t('screen.filters.clear')}
      </Button>
    </div>
  )
}
