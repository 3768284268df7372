import { useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { Button, Checkbox, Dialog, FormControl, Radio, RadioGroup, Select, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { LANGUAGES, selfLockout, type Language } from '@portal/sdk/domain'
import type { Message } from '@portal/sdk/i18n'
import type { AccountingClient, User } from '@portal/sdk/services'
import { ClientChooser } from './ClientChooser'
import { PermissionChooser } from './PermissionChooser'
import { emptyUserForm, userFormOf, userFormProblems, type UserFormField, type UserFormValues } from './userForm'
import styles from './UserAdmin.module.css'

/** Props of UserDialog. */
export interface UserDialogProps {
  /** The user to edit; without one the dialog creates a new user. */
  user?: User
  companies: readonly AccountingClient[]
  /** The language a new user starts with. */
  defaultLocale: Language
  /** The signed-in administrator: editing themselves, they cannot remove their own kca or disable themselves. */
  ownKeycloakId: string
  /** The permissions the signed-in user manager holds: only those are offered. */
  grantable?: readonly string[]
  /** Creates or saves; a rejection is shown in the dialog (SPEC §8 'create/update failed' with the reason). */
  onSubmit: (values: UserFormValues) => Promise<void>
  onClose: () => void
}

/**
 * Create or edit a user (SPEC §5 user form): e-mail, names and phone, language, permissions, client access (assigned
 * clients, or all clients except excluded ones), mobile app and enabled. Fields are checked as they are typed with the
 * SDK's rules; Enter in a field or Ctrl+Enter anywhere saves, Escape closes.
 */
export function UserDialog({ user, companies, defaultLocale, ownKeycloakId, grantable, onSubmit, onClose }: UserDialogProps) {
  const { t } = useTranslation('users')
  const { t: tAny } = useTranslation()
  const first = useRef<HTMLInputElement>(null)
  const [values, setValues] = useState<UserFormValues>(() => (user ? userFormOf(user) : emptyUserForm(defaultLocale)))
  const [touched, setTouched] = useState<ReadonlySet<UserFormField>>(new Set())
  const [tried, setTried] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const problems = useMemo(() => userFormProblems(values), [values])
  const lockout = user && user.keycloakId === ownKeycloakId ? selfLockout(user, values) : null
  const shown = (field: UserFormField): Message | undefined => (tried || touched.has(field) ? problems[field] : undefined)

  const set = <K extends keyof UserFormValues>(field: K, value: UserFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }))
    if (field === 'email' || field === 'firstName' || field === 'lastName') setTouched((current) => new Set(current).add(field as UserFormField))
    setRefusal(null)
  }

  const save = async (event?: FormEvent) => {
    event?.preventDefault()
    setTried(true)
    if (saving) return
    if (Object.keys(problems).length > 0) {
      setRefusal(t('screen.form.problems'))
      return
    }
    if (lockout) {
      setRefusal(tAny(lockout.key, lockout.params))
      return
    }
    setSaving(true)
    try {
      await onSubmit(values)
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error))
    } finally {
      setSaving(false)
    }
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void save(event as unknown as FormEvent)
  }

  const textField = (field: 'email' | 'username' | 'firstName' | 'lastName' | 'telNr', options: { required?: boolean; disabled?: boolean; type?: string; hint?: string } = {}) => {
    const problem = field === 'email' || field === 'firstName' || field === 'lastName' ? shown(field) : undefined
    return (
      <FormControl id={`user-${field}`} required={options.required} disabled={options.disabled}>
        <FormControl.Label>{t(`screen.form.${field}`)}</FormControl.Label>
        <TextInput
          ref={field === (user ? 'firstName' : 'email') ? first : undefined}
          type={options.type ?? 'text'}
          value={values[field]}
          onChange={(event) => set(field, event.target.value)}
          validationStatus={problem ? 'error' : undefined}
          block
        />
        {options.hint ? <FormControl.Caption>{options.hint}</FormControl.Caption> : null}
        {problem ? <FormControl.Validation variant="error">{tAny(problem.key, problem.params)}</FormControl.Validation> : null}
      </FormControl>
    )
  }

  return (
    <Dialog title={user ? t('screen.form.editTitle', { email: user.email }) : t('screen.form.newTitle')} onClose={onClose} width="xlarge" initialFocusRef={first}>
      <form className={styles.form} onSubmit={save} onKeyDown={onKeyDown} noValidate data-testid="user-form">
        {refusal ? (
          <p role="alert" className={styles.refusal} data-testid="user-form-refusal">
            {refusal}
          </p>
        ) : null}
        <div className={styles.formRow}>
          {textField('email', { required: true, disabled: Boolean(user), type: 'email', hint: user ? t('screen.form.emailFixed') : undefined })}
          {user ? null : textField('username', { hint: t('screen.form.usernameHint') })}
        </div>
        <div className={styles.formRow}>
          {textField('firstName', { required: true })}
          {textField('lastName', { required: true })}
          {textField('telNr', { type: 'tel' })}
          <FormControl id="user-locale">
            <FormControl.Label>{t('screen.form.locale')}</FormControl.Label>
            <Select value={values.locale} onChange={(event) => set('locale', event.target.value as Language)} block>
              {LANGUAGES.map((language) => (
                <Select.Option key={language} value={language}>
                  {tAny(language === 'de' ? 'shell:topBar.switchToGerman' : 'shell:topBar.switchToEnglish')}
                </Select.Option>
              ))}
            </Select>
          </FormControl>
        </div>
        <PermissionChooser label={t('screen.form.permissions')} value={values.permissions} onChange={(next) => set('permissions', next)} grantable={grantable} testId="user-permissions-chooser" />
        <RadioGroup name="user-client-access" onChange={(value) => value && set('clientAccess', value as UserFormValues['clientAccess'])}>
          <RadioGroup.Label>{t('screen.form.clientAccess')}</RadioGroup.Label>
          <FormControl>
            <Radio value="assigned" checked={values.clientAccess === 'assigned'} />
            <FormControl.Label>{t('screen.form.accessAssigned')}</FormControl.Label>
          </FormControl>
          <FormControl>
            <Radio value="all" checked={values.clientAccess === 'all'} />
            <FormControl.Label>{t('screen.form.accessAll')}</FormControl.Label>
          </FormControl>
        </RadioGroup>
        {values.clientAccess === 'assigned' ? (
          <ClientChooser label={t('screen.form.assignedClients')} companies={companies} value={values.klienten} onChange={(next) => set('klienten', next)} testId="assigned-clients" />
        ) : (
          <ClientChooser label={t('screen.form.excludedClients')} companies={companies} value={values.excluded} onChange={(next) => set('excluded', next)} testId="excluded-clients" />
        )}
        <div className={styles.formRow}>
          <FormControl id="user-mobile-app" layout="horizontal">
            <Checkbox checked={values.mobileApp} onChange={(event) => set('mobileApp', event.target.checked)} />
            <FormControl.Label>{t('screen.form.mobileApp')}</FormControl.Label>
          </FormControl>
          {user ? (
            <FormControl id="user-enabled" layout="horizontal">
              <Checkbox checked={values.enabled} onChange={(event) => set('enabled', event.target.checked)} />
              <FormControl.Label>{t('screen.form.enabled')}</FormControl.Label>
            </FormControl>
          ) : null}
        </div>
        {user ? null : <p className={styles.muted}>{t('screen.form.passwordNote')}</p>}
        <div className={styles.footer}>
          <Button onClick={onClose}>{t('screen.form.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={saving} data-testid="user-form-save">
            {user ? t('screen.form.save') : t('screen.form.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
