import { useCallback, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { Button, Checkbox, Dialog, FormControl } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { errorToMessage } from '@portal/sdk/errors'
import type { Message } from '@portal/sdk/i18n'
import type { SupplierAccount, SupplierAccountData } from '@portal/sdk/services'
import {
  accountCreateData,
  accountFormErrors,
  accountFormFieldOf,
  accountFormKind,
  accountFormOf,
  accountPatchData,
  emptyAccountForm,
  type AccountFormField,
  type AccountFormValues,
} from '@portal/sdk/state'
import { errorDataOf } from '@portal/sdk/errors'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { AccountFormFields } from './AccountFormFields'
import { useAccountChoices } from './useAccountChoices'
import styles from './accounts.module.css'

/** Props of AccountDialog. */
export interface AccountDialogProps {
  companyNo: number
  /** The account to edit; without one the dialog creates a new account. */
  account?: SupplierAccount
  /** Values to start a new account with (e.g. the supplier's name, VAT id and IBAN read from a document). */
  prefill?: Partial<AccountFormValues>
  /** The check the prefilled UID fails (a validator's message key): offered to keep the UID as printed. */
  vatIdCheck?: string | null
  /** Payment terms read from the document, sent with a new account and shown above the fields. */
  terms?: Pick<SupplierAccountData, 'payment_days' | 'skonto_percent' | 'skonto_days'>
  /** Called with the saved account (created or changed); the dialog closes itself after. */
  onSaved?: (account: SupplierAccount) => void
  onClose: () => void
}

/**
 * Create or edit a supplier or customer in a dialog: checks every field as it is typed (the server's rules), shows a
 * refusal at the field it names (a duplicate VAT id or IBAN names the account that has it), Enter saves and Escape
 * closes.
 */
export function AccountDialog({ companyNo, account, prefill, vatIdCheck, terms, onSaved, onClose }: AccountDialogProps) {
  const { t } = useTranslation('accounts')
  const { t: tAny } = useTranslation()
  const { client, language } = useSession()
  const { notify, notifyError } = useSnackbar()
  const mode = account ? 'edit' : 'create'
  const formId = useId()
  const firstFieldRef = useRef<HTMLInputElement>(null)
  const [values, setValues] = useState<AccountFormValues>(() => (account ? accountFormOf(account) : emptyAccountForm(prefill)))
  // Problems are shown once a field was changed or a save was tried, so an empty new form does not start in red.
  const [touched, setTouched] = useState<ReadonlySet<AccountFormField>>(new Set())
  const [tried, setTried] = useState(false)
  const [refusal, setRefusal] = useState<{ field?: AccountFormField; message: Message | string } | null>(null)
  const [saving, setSaving] = useState(false)
  // A printed UID that fails its check is kept by default while it is the one read from the document.
  const [keepVatId, setKeepVatId] = useState(Boolean(vatIdCheck))
  const keepFailedVatId = Boolean(vatIdCheck) && keepVatId && values.vat_id === (prefill?.vat_id ?? '')

  const kind = accountFormKind(values) ?? (account ? (account.type === 2 ? 'customer' : 'supplier') : undefined)
  const choices = useAccountChoices(companyNo, kind === 'customer' ? 'output' : kind === 'supplier' ? 'input' : 'both', notifyError)
  const problems = useMemo(() => accountFormErrors(values, mode, { keepFailedVatId }), [values, mode, keepFailedVatId])
  const shown = useMemo(() => {
    const out: Partial<Record<AccountFormField, Message>> = {}
    for (const [field, message] of Object.entries(problems) as [AccountFormField, Message][]) {
      if (tried || touched.has(field)) out[field] = message
    }
    if (refusal?.field && typeof refusal.message !== 'string') out[refusal.field] = refusal.message
    return out
  }, [problems, tried, touched, refusal])

  const change = useCallback((field: AccountFormField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setTouched((current) => new Set(current).add(field))
    setRefusal((current) => (current?.field === field || !current?.field ? null : current))
  }, [])

  const save = async (event?: FormEvent) => {
    event?.preventDefault()
    setTried(true)
    if (saving || Object.keys(problems).length > 0) return
    setSaving(true)
    try {
      let saved: SupplierAccount
      if (account) {
        const patch = accountPatchData(account, values)
        saved = patch ? await client.service('acc-suppliers').patch(account.id, patch) : account
      } else {
        saved = await client.service('acc-suppliers').create(accountCreateData(companyNo, values, { ...terms, ...(keepFailedVatId ? { keep_failed_vat_id: true } : {}) }))
      }
      notify({ kind: 'success', text: t(account ? 'form.saved' : 'form.created', { account: saved.account, name: saved.name }) })
      onSaved?.(saved)
      onClose()
    } catch (error) {
      const field = accountFormFieldOf(error)
      const data = errorDataOf(error)
      setRefusal(field && data ? { field, message: data } : { message: errorToMessage(error, tAny) })
      if (field) document.getElementById(`account-${field}`)?.focus()
    } finally {
      setSaving(false)
    }
  }

  // Ctrl+Enter saves from anywhere in the dialog (a select included); plain Enter in a text field submits the form.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void save(event as unknown as FormEvent)
  }

  return (
    <Dialog
      title={account ? t('form.editTitle', { account: account.account, name: account.name }) : t('form.newTitle')}
      onClose={onClose}
      width="large"
      initialFocusRef={firstFieldRef}
    >
      <form id={formId} onSubmit={save} onKeyDown={onKeyDown} noValidate data-testid="account-form">
        {refusal && !refusal.field ? (
          <p role="alert" className={styles.refusal} data-testid="account-refusal">
            {typeof refusal.message === 'string' ? refusal.message : tAny(refusal.message.key, refusal.message.params)}
          </p>
        ) : null}
        {terms && terms.payment_days !== null && terms.payment_days !== undefined ? (
          <p className={styles.muted} data-testid="account-terms">
            {t('form.terms', { days: terms.payment_days })}
            {terms.skonto_percent ? ` ${t('form.termsSkonto', { percent: Number(terms.skonto_percent).toLocaleString(language), days: terms.skonto_days ?? '' })}` : ''}
          </p>
        ) : null}
        {vatIdCheck ? (
          <FormControl>
            <Checkbox checked={keepVatId} onChange={(event) => setKeepVatId(event.target.checked)} data-testid="account-keep-vat-id" />
            <FormControl.Label>{t('form.keepVatId')}</FormControl.Label>
            <FormControl.Caption>
              <span data-testid="account-vat-id-check">{t('form.vatIdCheckFailed', { problem: tAny(vatIdCheck) })}</span>
            </FormControl.Caption>
          </FormControl>
        ) : null}
        <AccountFormFields values={values} onChange={change} errors={shown} mode={mode} choices={choices} firstFieldRef={firstFieldRef} />
        <div className={styles.footer}>
          <p className={`${styles.muted} keyboard-hint`}>{t('form.keys')}</p>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={saving} aria-keyshortcuts="Control+Enter" data-testid="account-save">
            {saving ? t('form.saving') : account ? t('actions.save') : t('actions.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

/** Props of NewAccountDialog. */
export type NewAccountDialogProps = Omit<AccountDialogProps, 'account'>

/**
 * A new supplier or customer, for any screen that needs one on the spot (the booking panel: "account not found" →
 * create it with the document's name, VAT id and IBAN, then book with it). The number decides supplier or customer.
 */
export function NewAccountDialog(props: NewAccountDialogProps) {
  return <AccountDialog {...props} />
}
