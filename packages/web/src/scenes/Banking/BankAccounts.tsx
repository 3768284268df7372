import { useState, type FormEvent } from 'react'
import { Button, FormControl, Link, Select, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import type { BankAccessRecord } from '@portal/sdk/services'
import { iban as checkIban } from '@portal/sdk/validators'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { formatDate } from '../UnpaidItems/format'
import { AccessStateLabel } from './AccessStateLabel'
import styles from './Banking.module.css'


/** The company's accounts with their access state and expiry, renewal reminder, renew/revoke, and a request form. */
export function BankAccounts({ accesses, companyNo, termsAccepted, onChange }: { accesses: BankAccessRecord[]; companyNo: number; termsAccepted: boolean; onChange: () => void }) {
  const { t } = useTranslation('banking')
  const { t: tValidation } = useTranslation('validation')
  const { client, language } = useSession()
  const { notify, notifyError } = useSnackbar()
  const [iban, setIban] = useState('')
  const [name, setName] = useState('')
  const [ibanError, setIbanError] = useState<string | null>(null)
  const [provider, setProvider] = useState<'files' | 'psd2'>('files')
  const [institution, setInstitution] = useState('')

  const request = async (event: FormEvent) => {
    event.preventDefault()
    const problem = iban.trim() === '' ? 'validation:required' : checkIban(iban)?.key
    if (problem) {
      setIbanError(problem === 'validation:required' ? tValidation('required', { defaultValue: t('error.ibanInvalid') }) : t('error.ibanInvalid'))
      return
    }
    setIbanError(null)
    try {
      const access = await client.service('bank-accesses').create({ client: companyNo, iban, provider, ...(name.trim() ? { name: name.trim() } : {}), ...(provider === 'psd2' && institution.trim() ? { institution_id: institution.trim() } : {}) })
      notify({ kind: 'success', text: t('accounts.requested', { iban: access.iban }) })
      setIban('')
      setName('')
      onChange()
    } catch (error) {
      notifyError(error)
    }
  }
  const change = async (access: BankAccessRecord, action: 'renew' | 'revoke' | 'sync') => {
    if (action === 'revoke' && !window.confirm(t('accounts.revokeConfirm', { iban: access.iban }))) return
    try {
      await client.service('bank-accesses').patch(access.id, { action })
      onChange()
    } catch (error) {
      notifyError(error)
    }
  }

  return (
    <section className={styles.section} aria-labelledby="bank-accounts-heading" data-testid="bank-accounts">
      <h2 id="bank-accounts-heading" className={styles.heading}>
        {t('accounts.heading')}
      </h2>
      {accesses.length === 0 ? <p className={styles.muted}>{t('accounts.empty')}</p> : null}
      {accesses.length > 0 ? (
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t('accounts.iban')}</th>
              <th>{t('accounts.name')}</th>
              <th>{t('approvals.filter')}</th>
              <th>{t('approvals.expires')}</th>
              <th>{t('accounts.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {accesses.map((access) => (
              <tr key={access.id} data-testid={`bank-access-${access.iban}`}>
                <td>{access.iban}</td>
                <td>{access.name ?? '–'}</td>
                <td>
                  <AccessStateLabel state={access.state} />
                </td>
                <td>
                  {access.expires_on ? (access.state === 'expired' ? t('accounts.expiredOn', { date: formatDate(access.expires_on, language) }) : t('accounts.expiresOn', { date: formatDate(access.expires_on, language) })) : '–'}
                  {access.state === 'expiringSoon' ? <p className={styles.reminder} role="status">{t('accounts.reminder', { count: access.days_left ?? 0 })}</p> : null}
                </td>
                <td>
                  <div className={styles.row}>
                    {access.status === 'approved' ? <Button size="small" onClick={() => void change(access, 'renew')}>{t('accounts.renew')}</Button> : null}
                    {access.provider === 'psd2' && access.consent_link ? (
                      <>
                        <Link href={access.consent_link}>{t('accounts.openConsent')}</Link>
                        <Button size="small" onClick={() => void change(access, 'sync')}>
                          {t('accounts.sync')}
                        </Button>
                      </>
                    ) : null}
                    {access.status === 'approved' || access.status === 'pending' ? (
                      <Button size="small" variant="danger" onClick={() => void change(access, 'revoke')}>
                        {t('accounts.revoke')}
                      </Button>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {termsAccepted ? (
        <form className={styles.row} onSubmit={(event) => void request(event)} noValidate data-testid="bank-access-request">
          <FormControl required>
            <FormControl.Label>{t('accounts.iban')}</FormControl.Label>
            <TextInput value={iban} onChange={(event) => setIban(event.target.value)} placeholder="AT61 1904 3002 3457 3201" data-testid="bank-access-iban" />
            {ibanError ? <FormControl.Validation variant="error">{ibanError}</FormControl.Validation> : null}
          </FormControl>
          <FormControl>
            <FormControl.Label>{t('accounts.name')}</FormControl.Label>
            <TextInput value={name} onChange={(event) => setName(event.target.value)} data-testid="bank-access-name" />
          </FormControl>
          <FormControl>
            <FormControl.Label>{t('accounts.provider')}</FormControl.Label>
            <Select value={provider} onChange={(event) => setProvider(event.target.value as 'files' | 'psd2')} data-testid="bank-access-provider">
              <Select.Option value="files">{t('accounts.providers.files')}</Select.Option>
              <Select.Option value="psd2">{t('accounts.providers.psd2')}</Select.Option>
            </Select>
          </FormControl>
          {provider === 'psd2' ? (
            <FormControl required>
              <FormControl.Label>{t('accounts.institution')}</FormControl.Label>
              <TextInput value={institution} onChange={(event) => setInstitution(event.target.value)} data-testid="bank-access-institution" />
            </FormControl>
          ) : null}
          <Button type="submit" variant="primary" data-testid="bank-access-submit">
            {t('accounts.request')}
          </Button>
        </form>
      ) : (
        <p className={styles.muted}>{t('terms.required')}</p>
      )}
    </section>
  )
}
