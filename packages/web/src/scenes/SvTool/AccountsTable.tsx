import { useState } from 'react'
import { FormControl, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { Loading } from '../../components/Loading/Loading'
import { useSnackbar } from '../../hooks/useSnackbar'
import { formatEuro } from './format'
import { useSvAccounts } from './useSvAccounts'
import styles from './SvTool.module.css'

/** The contribution accounts, or only those that need attention, each with its client's responsible employee. */
export function AccountsTable({ attention, onOpen, language }: { attention: boolean; onOpen: (id: number) => void; language: string }) {
  const { t } = useTranslation('admin')
  const { notifyError } = useSnackbar()
  const [search, setSearch] = useState('')
  const page = useSvAccounts({ search, attention }, notifyError)
  return (
    <section className={styles.section} data-testid={attention ? 'sv-attention' : 'sv-accounts'}>
      <FormControl>
        <FormControl.Label>{t('sv.search')}</FormControl.Label>
        <TextInput type="search" value={search} onChange={(event) => setSearch(event.target.value)} data-testid="sv-search" />
      </FormControl>
      {!page ? (
        <Loading label={t('sv.loading')} />
      ) : page.total === 0 ? (
        <p className={styles.muted} data-testid="sv-empty">
          {search.trim() ? t('sv.noMatch', { search: search.trim() }) : attention ? t('sv.attentionEmpty') : t('sv.empty')}
        </p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('sv.columns.accountNumber')}</th>
              <th scope="col">{t('sv.columns.partnerName')}</th>
              <th scope="col" className={styles.number}>
                {t('sv.columns.saldo')}
              </th>
              <th scope="col">{t('sv.columns.company')}</th>
              <th scope="col">{t('sv.columns.responsible')}</th>
              <th scope="col">{t('sv.columns.reasons')}</th>
            </tr>
          </thead>
          <tbody>
            {page.data.map((account) => (
              <tr key={account.id} data-testid="sv-account-row">
                <td>
                  <button type="button" className={styles.linkButton} onClick={() => onOpen(account.id)}>
                    {account.accountNumber}
                  </button>
                </td>
                <td>{account.partnerName}</td>
                <td className={styles.number}>{formatEuro(account.saldo, language)}</td>
                <td>{account.companyNo ? `${account.companyNo} ${account.companyName ?? ''}` : '–'}</td>
                <td>{account.companyNo ? (account.responsibleName ?? t('sv.nobody')) : '–'}</td>
                <td>{account.reasons.map((reason) => t(`sv.reason.${reason}`)).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
