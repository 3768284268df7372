import type { RefObject } from 'react'
import { FormControl, Select, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { taxCodeNameKey } from '@portal/sdk/domain'
import type { Message } from '@portal/sdk/i18n'
import { accountFormKind, type AccountFormField, type AccountFormValues } from '@portal/sdk/state'
import type { AccountChoices } from './useAccountChoices'
import styles from './accounts.module.css'

/** Props of AccountFormFields. */
export interface AccountFormFieldsProps {
  values: AccountFormValues
  onChange: (field: AccountFormField, value: string) => void
  /** Problems per field: the form's own checks and a server refusal naming a field. */
  errors: Partial<Record<AccountFormField, Message>>
  /** Create: the number is typed; edit: it is shown and never changes. */
  mode: 'create' | 'edit'
  choices: AccountChoices
  /** The first field, focused when the dialog opens. */
  firstFieldRef?: RefObject<HTMLInputElement | null>
}

/** The fields of a supplier or customer: number, name, VAT id, IBAN, address and booking defaults, each with its problem. */
export function AccountFormFields({ values, onChange, errors, mode, choices, firstFieldRef }: AccountFormFieldsProps) {
  const { t } = useTranslation('accounts')
  const { t: tAny } = useTranslation()
  const problem = (field: AccountFormField) => {
    const message = errors[field]
    return message ? (
      <FormControl.Validation variant="error">
        <span data-testid={`error-${field}`}>{tAny(message.key, message.params)}</span>
      </FormControl.Validation>
    ) : null
  }
  const text = (field: AccountFormField, label: string, options: { required?: boolean; caption?: string; maxLength?: number; inputMode?: 'numeric' | 'text'; autoComplete?: string } = {}) => (
    <FormControl id={`account-${field}`} required={options.required} className={styles.field} key={field}>
      <FormControl.Label>{label}</FormControl.Label>
      <TextInput
        ref={field === 'name' && mode === 'edit' ? firstFieldRef : undefined}
        value={values[field]}
        onChange={(event) => onChange(field, event.target.value)}
        maxLength={options.maxLength}
        inputMode={options.inputMode}
        autoComplete={options.autoComplete ?? 'off'}
        validationStatus={errors[field] ? 'error' : undefined}
        block
        data-testid={`field-${field}`}
      />
      {options.caption ? <FormControl.Caption>{options.caption}</FormControl.Caption> : null}
      {problem(field)}
    </FormControl>
  )
  /** A booking default: "no default" or one of `options` ([value, label]). */
  const choice = (field: AccountFormField, label: string, none: string, options: [string, string][]) => (
    <FormControl id={`account-${field}`} className={styles.field}>
      <FormControl.Label>{label}</FormControl.Label>
      <Select value={values[field]} onChange={(event) => onChange(field, event.target.value)} block validationStatus={errors[field] ? 'error' : undefined} data-testid={`field-${field}`}>
        <Select.Option value="">{none}</Select.Option>
        {options.map(([value, text]) => (
          <Select.Option key={value} value={value}>
            {text}
          </Select.Option>
        ))}
      </Select>
      {problem(field)}
    </FormControl>
  )
  const kind = accountFormKind(values)
  return (
    <div className={styles.form}>
      {mode === 'create' ? (
        <FormControl id="account-account" required className={styles.field}>
          <FormControl.Label>{t('form.account')}</FormControl.Label>
          <TextInput
            ref={firstFieldRef}
            value={values.account}
            onChange={(event) => onChange('account', event.target.value)}
            inputMode="numeric"
            maxLength={9}
            autoComplete="off"
            validationStatus={errors.account ? 'error' : undefined}
            block
            data-testid="field-account"
          />
          <FormControl.Caption>
            {kind ? <strong data-testid="account-kind">{t(kind === 'customer' ? 'form.kindIsCustomer' : 'form.kindIsSupplier')}. </strong> : null}
            {t('form.accountHint')}
          </FormControl.Caption>
          {problem('account')}
        </FormControl>
      ) : null}
      {text('name', t('form.name'), { required: true, maxLength: 200, autoComplete: 'organization' })}
      {text('vat_id', t('form.vatId'), { maxLength: 20 })}
      {text('iban', t('form.iban'), { maxLength: 42 })}
      {text('street', t('form.street'), { maxLength: 200 })}
      <div className={styles.row}>
        {text('zip', t('form.zip'), { maxLength: 20 })}
        {text('town', t('form.town'), { maxLength: 100 })}
        {text('country', t('form.country'), { maxLength: 2, caption: t('form.countryHint') })}
      </div>
      <fieldset className={styles.defaults}>
        <legend>{t('form.defaultsLegend')}</legend>
        <p className={styles.muted}>{t('form.defaultsHint')}</p>
        <div className={styles.row}>
          {choice('counter_account', t('form.counterAccount'), t('form.counterAccountNone'), choices.counterAccounts.map((account) => [String(account.account), `${account.account} ${account.name}`]))}
          {choice('tax_code', t('form.taxCode'), t('form.taxCodeNone'), choices.taxCodes.map((code) => [code, `${code} ${tAny(taxCodeNameKey(code))}`]))}
          {choice('cost_center', t('form.costCenter'), t('form.costCenterNone'), choices.costCenters.map((center) => [center.code, `${center.code} ${center.name}`]))}
        </div>
      </fieldset>
    </div>
  )
}
