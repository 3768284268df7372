import { useTranslation } from 'react-i18next'
import { AccountType } from '@portal/sdk/domain'
import type { SupplierAccount } from '@portal/sdk/services'
import styles from './Accounts.module.css'

/** Props of AccountTable. */
export interface AccountTableProps {
  accounts: readonly SupplierAccount[]
  caption: string
  /** Opens an account for editing; without it names are plain text (the user may not change accounts). */
  onOpen?: (account: SupplierAccount) => void
}

const KIND_KEY = {
  [AccountType.customer]: 'list.kindValue.customer',
  [AccountType.supplier]: 'list.kindValue.supplier',
  [AccountType.both]: 'list.kindValue.both',
} as const

/** The accounts as a table; each name is a button that opens the account (Enter or click) when it may be changed. */
export function AccountTable({ accounts, caption, onOpen }: AccountTableProps) {
  const { t } = useTranslation('accounts')
  return (
    <table className={styles.table} data-testid="account-table">
      <caption className={styles.visuallyHidden}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={styles.number}>{t('list.columns.account')}</th>
          <th scope="col">{t('list.columns.name')}</th>
          <th scope="col">{t('list.columns.kind')}</th>
          <th scope="col">{t('list.columns.vatId')}</th>
          <th scope="col">{t('list.columns.iban')}</th>
          <th scope="col">{t('list.columns.town')}</th>
          <th scope="col">{t('list.columns.defaults')}</th>
        </tr>
      </thead>
      <tbody>
        {accounts.map((account) => (
          <tr key={account.id} data-testid="account-row" data-account={account.account}>
            <td className={styles.number}>{account.account}</td>
            <td>
              {onOpen ? (
                <button type="button" className={styles.open} onClick={() => onOpen(account)} aria-label={t('list.edit', { name: account.name })}>
                  {account.name}
                </button>
              ) : (
                account.name
              )}
            </td>
            <td>{t(KIND_KEY[account.type])}</td>
            <td className={styles.mono}>{account.vat_id ?? ''}</td>
            <td className={styles.mono}>{account.iban ?? ''}</td>
            <td>{[account.zip, account.town].filter(Boolean).join(' ')}</td>
            <td>{[account.counter_account, account.tax_code, account.cost_center].filter((value) => value !== null).join(' · ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
