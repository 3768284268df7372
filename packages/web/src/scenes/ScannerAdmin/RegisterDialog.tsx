import { useMemo, useRef, useState, type FormEvent } from 'react'
import { Button, Dialog, FormControl, Select, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { errorToMessage } from '@portal/sdk/errors'
import type { AccountingClient, ScannerTokenAnswer } from '@portal/sdk/services'
import { scannerFormErrors, scannerRegistrationData, type ScannerFormField, type ScannerFormValues } from '@portal/sdk/state'
import { useSession } from '../../hooks/useSession'
import styles from './ScannerAdmin.module.css'

/** Props of RegisterDialog. */
export interface RegisterDialogProps {
  /** The companies the administrator may register scanners for. */
  companies: AccountingClient[]
  /** The company chosen at first (the selected one). */
  companyNo: number
  onRegistered: (answer: ScannerTokenAnswer) => void
  onClose: () => void
}

/** Registers a scanner: location, company and assigned users, checked as typed; the token is shown by the caller. */
export function RegisterDialog({ companies, companyNo, onRegistered, onClose }: RegisterDialogProps) {
  const { t } = useTranslation('scanners')
  const { t: tAny } = useTranslation()
  const { client } = useSession()
  const first = useRef<HTMLInputElement>(null)
  const [values, setValues] = useState<ScannerFormValues>({ location: '', company: companyNo > 0 ? String(companyNo) : '', users: '' })
  const [tried, setTried] = useState(false)
  const [saving, setSaving] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const problems = useMemo(() => scannerFormErrors(values), [values])
  const error = (field: ScannerFormField) => {
    const problem = tried ? problems[field] : undefined
    return problem ? (
      <FormControl.Validation variant="error">
        <span data-testid={`scanner-error-${field}`}>{tAny(problem.key, problem.params)}</span>
      </FormControl.Validation>
    ) : null
  }
  const change = (field: ScannerFormField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setRefusal(null)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (saving || Object.keys(problems).length > 0) return
    setSaving(true)
    try {
      onRegistered(await client.service('scanner-registrations').create(scannerRegistrationData(values)))
    } catch (failure) {
      setRefusal(errorToMessage(failure, tAny))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog title={t('register.title')} onClose={onClose} width="large" initialFocusRef={first}>
      <form onSubmit={(event) => void submit(event)} noValidate className={styles.form} data-testid="register-form">
        {refusal ? (
          <p role="alert" className={styles.refusal} data-testid="register-refusal">
            {refusal}
          </p>
        ) : null}
        <FormControl required>
          <FormControl.Label>{t('register.location')}</FormControl.Label>
          <TextInput ref={first} value={values.location} onChange={(event) => change('location', event.target.value)} block maxLength={100} data-testid="scanner-location" />
          <FormControl.Caption>{t('register.locationHint')}</FormControl.Caption>
          {error('location')}
        </FormControl>
        <FormControl required>
          <FormControl.Label>{t('register.company')}</FormControl.Label>
          <Select value={values.company} onChange={(event) => change('company', event.target.value)} block data-testid="scanner-company">
            <Select.Option value="">—</Select.Option>
            {companies.map((company) => (
              <Select.Option key={company.company_no} value={String(company.company_no)}>
                {`${company.company_no} ${company.company_name}`}
              </Select.Option>
            ))}
          </Select>
          <FormControl.Caption>{t('register.companyHint')}</FormControl.Caption>
          {error('company')}
        </FormControl>
        <FormControl>
          <FormControl.Label>{t('register.users')}</FormControl.Label>
          <TextInput value={values.users} onChange={(event) => change('users', event.target.value)} block data-testid="scanner-users" />
          <FormControl.Caption>{t('register.usersHint')}</FormControl.Caption>
          {error('users')}
        </FormControl>
        <div className={styles.footer}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={saving} data-testid="register-submit">
            {t('register.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
