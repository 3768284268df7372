import { useCallback, useRef, useState, type KeyboardEvent } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { Button, FormControl, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { REGISTER_SEARCH_MAX_LENGTH } from '@portal/sdk/domain'
import { Loading } from '../../components/Loading/Loading'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import { useSnackbar } from '../../hooks/useSnackbar'
import { AddressForm } from './AddressForm'
import { useAddresses } from './useAddresses'
import styles from './Addresses.module.css'

/**
 * The address register (SPEC §2 `/admin/addresses/{address_id?}`, admin): the entries with a search (cut after 50
 * characters), the opened entry in the URL, a form to create or edit one. Keys: ↑/↓ move through the list, Enter
 * opens, Escape leaves the form.
 */
export function AddressesScene() {
  const { t } = useTranslation('admin')
  const { t: tShell } = useTranslation('shell')
  const { address_id: addressId } = useParams()
  const navigate = useNavigate()
  const { notifyError } = useSnackbar()
  const [search, setSearch] = useState('')
  const [creating, setCreating] = useState(false)
  const list = useRef<HTMLUListElement>(null)
  const page = useAddresses(search, notifyError)
  const opened = addressId && /^\d+$/.test(addressId) ? Number(addressId) : null
  const open = useCallback(
    (id: number | null) => {
      setCreating(false)
      navigate(id === null ? '/admin/addresses' : `/admin/addresses/${id}`)
    },
    [navigate],
  )
  const moveFocus = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    event.preventDefault()
    const buttons = [...(list.current?.querySelectorAll('button') ?? [])]
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement)
    buttons[Math.max(0, Math.min(buttons.length - 1, index + (event.key === 'ArrowDown' ? 1 : -1)))]?.focus()
  }

  return (
    <PageFrame title={tShell('routes.addresses', { defaultValue: t('addresses.title') })} testId="scene-addresses" wide>
      <div className={styles.layout}>
        <div className={styles.listPane}>
          <FormControl>
            <FormControl.Label>{t('addresses.search')}</FormControl.Label>
            <TextInput type="search" block value={search} onChange={(event) => setSearch(event.target.value)} data-testid="address-search" />
            {search.trim().length > REGISTER_SEARCH_MAX_LENGTH ? <FormControl.Caption>{t('addresses.searchCut', { max: REGISTER_SEARCH_MAX_LENGTH })}</FormControl.Caption> : null}
          </FormControl>
          <Button
            onClick={() => {
              navigate('/admin/addresses')
              setCreating(true)
            }}
            data-testid="address-new"
          >
            {t('addresses.new')}
          </Button>
          {!page ? (
            <Loading label={t('addresses.loading')} />
          ) : page.total === 0 ? (
            <p className={styles.muted} data-testid="address-empty">
              {search.trim() ? t('addresses.noMatch', { search: search.trim() }) : t('addresses.empty')}
            </p>
          ) : (
            <>
              <p className={styles.muted}>{t('addresses.count', { count: page.total })}</p>
              <ul className={styles.list} ref={list} onKeyDown={moveFocus} aria-label={t('addresses.title')} data-testid="address-list">
                {page.data.map((address) => (
                  <li key={address.id}>
                    <button
                      type="button"
                      className={address.id === opened ? `${styles.entry} ${styles.selected}` : styles.entry}
                      aria-current={address.id === opened ? 'true' : undefined}
                      onClick={() => open(address.id)}
                    >
                      <span>{address.name}</span>
                      <span className={styles.muted}>{[address.vatId, [address.zip, address.town].filter(Boolean).join(' ')].filter(Boolean).join(' · ')}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        <div>
          {creating || opened !== null ? (
            <AddressForm
              key={creating ? 'new' : opened}
              id={creating ? null : opened}
              onSaved={(address) => open(address.id)}
              onCancel={() => open(null)}
              onOpen={(id) => open(id)}
            />
          ) : (
            <p className={styles.muted}>{t('addresses.choose')}</p>
          )}
        </div>
      </div>
    </PageFrame>
  )
}
