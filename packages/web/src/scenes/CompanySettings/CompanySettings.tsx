import { useCallback, useEffect, useState } from 'react'
import { Checkbox, FormControl } from '@primer/react'
import { useTranslation } from 'react-i18next'
import type { CompanySettings, CompanySettingsPatch } from '@portal/sdk/services'
import { Loading } from '../../components/Loading/Loading'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import { useCan } from '../../hooks/useCan'
import { useCompany } from '../../hooks/useCompany'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { ApprovalPolicyForm } from './ApprovalPolicyForm'
import styles from './CompanySettings.module.css'

/** The settings of SPEC §3 and the accounting basis (issue 31), in the order the screen lists them. */
const SETTINGS = ['show_cash_book', 'small_business', 'use_gross_amounts', 'cash_basis'] as const

/**
 * Company settings (SPEC §2 `/settings/{client}`, §3): show cash book (the KA view of Accounting), small business (no
 * input tax in bookings) and use gross amounts (tax lines entered gross). Each switch saves at once for `adm`; others
 * see the settings read-only. Changes made elsewhere arrive live.
 */
export function CompanySettingsScene() {
  const { t } = useTranslation('booking')
  const { t: tShell } = useTranslation('shell')
  const { client } = useSession()
  const { client: companyNo, companies } = useCompany()
  const { notify, notifyError } = useSnackbar()
  const mayChange = useCan('company-settings', 'patch', { companyNo })
  const mayReadPolicy = useCan('approval-policies', 'get', { companyNo })
  const company = companies.find((c) => c.company_no === companyNo)
  const [settings, setSettings] = useState<CompanySettings | null>(null)
  const [saving, setSaving] = useState<string | null>(null)

  useEffect(() => {
    if (companyNo <= 0) return
    let cancelled = false
    setSettings(null)
    const service = client.service('company-settings')
    service.find({ query: { client: companyNo } }).then((list) => !cancelled && setSettings(list[0] ?? null), notifyError)
    const onPatched = (record: CompanySettings) => record.company_no === companyNo && setSettings(record)
    service.on('patched', onPatched)
    return () => {
      cancelled = true
      service.removeListener('patched', onPatched)
    }
  }, [client, companyNo, notifyError])

  const change = useCallback(
    async (name: (typeof SETTINGS)[number], value: boolean) => {
      setSaving(name)
      // The switch moves at once; a refused change puts it back.
      setSettings((current) => (current ? { ...current, [name]: value } : current))
      try {
        const patch: CompanySettingsPatch = { [name]: value }
        setSettings(await client.service('company-settings').patch(companyNo, patch))
        notify({ kind: 'success', text: t('settings.saved') })
      } catch (error) {
        setSettings((current) => (current ? { ...current, [name]: !value } : current))
        notifyError(error)
      } finally {
        setSaving(null)
      }
    },
    [client, companyNo, notify, notifyError, t],
  )

  return (
    <PageFrame title={tShell('routes.settings')} testId="scene-settings">
      {!company ? (
        <p>{t('settings.noCompany')}</p>
      ) : !settings ? (
        <Loading label={t('settings.loading')} />
      ) : (
        // The page's heading is already "Company settings": the form is named by it, not by a second heading.
        <form className={styles.form} onSubmit={(event) => event.preventDefault()} aria-label={t('settings.title')}>
          <p className={styles.muted}>{t('settings.description', { company: company.company_name })}</p>
          {!mayChange ? <p className={styles.muted}>{t('settings.readOnly')}</p> : null}
          {SETTINGS.map((name) => (
            <FormControl key={name} disabled={!mayChange || saving !== null}>
              <Checkbox checked={settings[name]} onChange={(event) => void change(name, event.target.checked)} data-testid={`setting-${name}`} />
              <FormControl.Label>{t(`settings.${name}`)}</FormControl.Label>
              <FormControl.Caption>{t(`settings.${name}Hint`)}</FormControl.Caption>
            </FormControl>
          ))}
        </form>
      )}
      {company && mayReadPolicy ? <ApprovalPolicyForm companyNo={companyNo} /> : null}
    </PageFrame>
  )
}
