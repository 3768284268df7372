import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { Button, Checkbox, FormControl, Textarea } from '@primer/react'
import { useTranslation } from 'react-i18next'
import type { IntakeLogEntry, IntakeSettings } from '@portal/sdk/services'
import { allowedSendersOf } from '@portal/sdk/state'
import { Loading } from '../../components/Loading/Loading'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { IntakeLog } from './IntakeLog'
import styles from './ScannerAdmin.module.css'

const LOG_LIMIT = 25

/** Props of IntakePanel. */
export interface IntakePanelProps {
  companyNo: number
  companyName: string
}

/**
 * A company's e-mail intake: its address, on or off, the allowed senders (one per line), and the recent intake log
 * (new mail arrives live).
 */
export function IntakePanel({ companyNo, companyName }: IntakePanelProps) {
  const { t } = useTranslation('scanners')
  const { t: tAny } = useTranslation()
  const { client } = useSession()
  const { notify, notifyError } = useSnackbar()
  const [settings, setSettings] = useState<IntakeSettings | null>(null)
  const [enabled, setEnabled] = useState(false)
  const [senders, setSenders] = useState('')
  const [log, setLog] = useState<IntakeLogEntry[] | null>(null)
  const [saving, setSaving] = useState(false)
  const parsed = allowedSendersOf(senders)

  const show = useCallback((record: IntakeSettings) => {
    setSettings(record)
    setEnabled(record.enabled)
    setSenders(record.allowed_senders.join('\n'))
  }, [])

  useEffect(() => {
    let cancelled = false
    setSettings(null)
    setLog(null)
    const settingsService = client.service('intake-settings')
    const logService = client.service('intake-log')
    settingsService.find({ query: { client: companyNo } }).then((list) => !cancelled && list[0] && show(list[0]), notifyError)
    logService.find({ query: { client: companyNo, $limit: LOG_LIMIT } }).then((entries) => !cancelled && setLog(entries), notifyError)
    const onPatched = (record: IntakeSettings) => record.company_no === companyNo && show(record)
    const onLogged = (entry: IntakeLogEntry) => entry.company_no === companyNo && setLog((current) => [entry, ...(current ?? [])].slice(0, LOG_LIMIT))
    settingsService.on('patched', onPatched)
    logService.on('created', onLogged)
    return () => {
      cancelled = true
      settingsService.removeListener('patched', onPatched)
      logService.removeListener('created', onLogged)
    }
  }, [client, companyNo, notifyError, show])

  const save = async (event: FormEvent) => {
    event.preventDefault()
    if (parsed.error || saving) return
    setSaving(true)
    try {
      show(await client.service('intake-settings').patch(companyNo, { enabled, allowed_senders: parsed.senders }))
      notify({ kind: 'success', text: t('intake.saved') })
    } catch (error) {
      notifyError(error)
    } finally {
      setSaving(false)
    }
  }

  if (!settings) return <Loading label={t('loading')} />
  const onOff = (on: boolean) => (on ? t('intake.running') : t('intake.notRunning'))
  return (
    <section aria-labelledby="intake-heading" className={styles.section} data-testid="intake-panel">
      <h2 id="intake-heading" className={styles.heading}>
        {t('intake.title')} – {companyName}
      </h2>
      <p className={styles.muted}>{t('intake.channels', { smtp: onOff(settings.smtp), imap: onOff(settings.imap) })}</p>
      <form className={styles.form} onSubmit={(event) => void save(event)} noValidate>
        <FormControl>
          <FormControl.Label>{t('intake.address')}</FormControl.Label>
          <code className={styles.address} data-testid="intake-address">
            {settings.address}
          </code>
        </FormControl>
        <FormControl>
          <Checkbox checked={enabled} onChange={(event) => setEnabled(event.target.checked)} data-testid="intake-enabled" />
          <FormControl.Label>{t('intake.enabled')}</FormControl.Label>
        </FormControl>
        <FormControl>
          <FormControl.Label>{t('intake.allowedSenders')}</FormControl.Label>
          <Textarea value={senders} onChange={(event) => setSenders(event.target.value)} rows={4} block data-testid="intake-senders" />
          <FormControl.Caption>{t('intake.allowedHint')}</FormControl.Caption>
          {parsed.error ? <FormControl.Validation variant="error">{tAny(parsed.error.key, parsed.error.params)}</FormControl.Validation> : null}
        </FormControl>
        <div>
          <Button type="submit" variant="primary" disabled={saving || parsed.error !== undefined} data-testid="intake-save">
            {t('intake.save')}
          </Button>
        </div>
      </form>
      <h3 className={styles.subheading}>{t('intake.log')}</h3>
      {log === null ? <Loading label={t('loading')} /> : <IntakeLog entries={log} />}
    </section>
  )
}
