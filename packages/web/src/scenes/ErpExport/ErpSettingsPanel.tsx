import { useEffect, useState, type FormEvent } from 'react'
import { Button, FormControl, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { errorDataOf } from '@portal/sdk/errors'
import { translateMessage, type Message } from '@portal/sdk/i18n'
import type { ErpSettings } from '@portal/sdk/services'
import { ERP_SETTINGS_FIELDS, erpSettingsFormErrors, erpSettingsFormOf, erpSettingsPatchOf, type ErpSettingsField, type ErpSettingsFormValues } from '@portal/sdk/state'
import { Loading } from '../../components/Loading/Loading'
import { useCan } from '../../hooks/useCan'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import styles from './ErpExport.module.css'

/** Props of ErpSettingsPanel. */
export interface ErpSettingsPanelProps {
  companyNo: number
}

/**
 * The company's ERP settings the export needs (DATEV numbers, account length, fiscal year start, the period through
 * which the ERP is closed): shown to everyone who exports, changed by adm; a colleague's change arrives live. Wrong
 * values are named at their field before saving; a refusal naming a field shows there.
 */
export function ErpSettingsPanel({ companyNo }: ErpSettingsPanelProps) {
  const { t } = useTranslation('erpScreen')
  const { client } = useSession()
  const { notify, notifyError } = useSnackbar()
  const mayChange = useCan('erp-settings', 'patch', { companyNo })
  const [settings, setSettings] = useState<ErpSettings | null>(null)
  const [values, setValues] = useState<ErpSettingsFormValues | null>(null)
  const [errors, setErrors] = useState<Partial<Record<ErpSettingsField, Message>>>({})
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    let cancelled = false
    const service = client.service('erp-settings')
    const show = (record: ErpSettings) => {
      setSettings(record)
      setValues(erpSettingsFormOf(record))
      setErrors({})
    }
    service.find({ query: { client: companyNo } }).then((list) => !cancelled && list[0] && show(list[0]), notifyError)
    const onPatched = (record: ErpSettings) => record.company_no === companyNo && show(record)
    service.on('patched', onPatched)
    return () => {
      cancelled = true
      service.removeListener('patched', onPatched)
    }
  }, [client, companyNo, notifyError])

  if (!settings || !values) return <Loading label={t('settings.loading')} />

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const problems = erpSettingsFormErrors(values)
    setErrors(problems)
    const first = ERP_SETTINGS_FIELDS.find((field) => problems[field])
    if (first) {
      document.getElementById(`erp-settings-${first}`)?.focus()
      return
    }
    const patch = erpSettingsPatchOf(settings, values)
    if (!patch) {
      notify({ kind: 'info', text: t('settings.unchanged') })
      return
    }
    setSaving(true)
    try {
      const next = await client.service('erp-settings').patch(companyNo, patch)
      setSettings(next)
      setValues(erpSettingsFormOf(next))
      notify({ kind: 'success', text: t('settings.saved') })
    } catch (error) {
      const data = errorDataOf(error)
      const field = data?.params.field
      if (typeof field === 'string' && (ERP_SETTINGS_FIELDS as readonly string[]).includes(field)) setErrors({ [field]: data })
      else notifyError(error)
    } finally {
      setSaving(false)
    }
  }

  return (
    <section className={styles.section} aria-labelledby="erp-settings-heading" data-testid="erp-settings">
      <h2 id="erp-settings-heading" className={styles.heading}>
        {t('settings.heading')}
      </h2>
      <p className={styles.intro}>{mayChange ? t('settings.intro') : t('settings.readOnly')}</p>
      {!mayChange ? (
        <dl className={styles.settingsList}>
          {ERP_SETTINGS_FIELDS.map((field) => (
            <div key={field}>
              <dt>{t(`settings.${field}`)}</dt>
              <dd data-testid={`settings-value-${field}`}>{values[field] || t('settings.notSet')}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <form className={styles.form} onSubmit={(event) => void save(event)} noValidate>
          {ERP_SETTINGS_FIELDS.map((field) => (
            <FormControl key={field} id={`erp-settings-${field}`} disabled={saving}>
              <FormControl.Label>{t(`settings.${field}`)}</FormControl.Label>
              <TextInput
                value={values[field]}
                onChange={(event) => {
                  setValues({ ...values, [field]: event.target.value })
                  setErrors((current) => ({ ...current, [field]: undefined }))
                }}
                inputMode="numeric"
                placeholder={field === 'closed_through' ? 'YYYY-MM' : undefined}
                validationStatus={errors[field] ? 'error' : undefined}
              />
              <FormControl.Caption>{t(`settings.${field}Hint`)}</FormControl.Caption>
              {errors[field] ? (
                <FormControl.Validation variant="error">
                  <span data-testid={`settings-error-${field}`}>{translateMessage(t, errors[field])}</span>
                </FormControl.Validation>
              ) : null}
            </FormControl>
          ))}
          <div className={styles.buttons}>
            <Button type="submit" disabled={saving} data-testid="erp-settings-save">
              {saving ? t('settings.saving') : t('settings.save')}
            </Button>
          </div>
        </form>
      )}
    </section>
  )
}
