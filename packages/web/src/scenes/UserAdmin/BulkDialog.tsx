import { useState } from 'react'
import { Button, Dialog, FormControl, Select } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { describeDiff } from '@portal/sdk/domain'
import type { AccountingClient, UserBulkResult } from '@portal/sdk/services'
import { ClientChooser } from './ClientChooser'
import { PermissionChooser } from './PermissionChooser'
import { bulkChanges, EMPTY_BULK_CHOICE, isEmptyChoice, type BulkChange, type BulkChoice } from './bulkChoice'
import styles from './UserAdmin.module.css'

/** Props of BulkDialog. */
export interface BulkDialogProps {
  /** The selected users' e-mails. */
  emails: readonly string[]
  companies: readonly AccountingClient[]
  /** The permissions the signed-in user manager holds: only those are offered. */
  grantable?: readonly string[]
  /** Runs the change list on the server: as a dry run (the preview) or for real (one transaction). */
  run: (changes: BulkChange[], dryRun: boolean) => Promise<UserBulkResult>
  /** Called after the changes were applied. */
  onApplied: (result: UserBulkResult) => void
  onClose: () => void
  /** Turns an error into the user's language. */
  describeError: (error: unknown) => string
}

/**
 * Bulk edit of the selection: add or remove permissions, add or remove clients, enable or disable. Nothing is written
 * before the preview: the server's dry run says who gains and loses what (or which row breaks which rule), and only
 * then can the same list be applied, atomically and audited.
 */
export function BulkDialog({ emails, companies, grantable, run, onApplied, onClose, describeError }: BulkDialogProps) {
  const { t } = useTranslation('users')
  const { t: tAny } = useTranslation()
  const [choice, setChoice] = useState<BulkChoice>(EMPTY_BULK_CHOICE)
  const [preview, setPreview] = useState<UserBulkResult | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const set = <K extends keyof BulkChoice>(field: K, value: BulkChoice[K]) => {
    setChoice((current) => ({ ...current, [field]: value }))
    setProblem(null)
  }

  const call = async (dryRun: boolean) => {
    if (isEmptyChoice(choice)) {
      setProblem(t('screen.bulk.chooseSomething'))
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      const result = await run(bulkChanges(emails, choice), dryRun)
      if (dryRun) setPreview(result)
      else onApplied(result)
    } catch (error) {
      setProblem(describeError(error))
    } finally {
      setBusy(false)
    }
  }

  const applicable = preview !== null && preview.errors.length === 0 && preview.diffs.length > 0
  return (
    <Dialog title={t('screen.bulk.title', { count: emails.length })} onClose={onClose} width="xlarge">
      <div className={styles.form} data-testid="bulk-dialog">
        {problem ? (
          <p role="alert" className={styles.refusal} data-testid="bulk-problem">
            {problem}
          </p>
        ) : null}
        {preview === null ? (
          <>
            <PermissionChooser label={t('screen.bulk.addPermissions')} value={choice.addPermissions} onChange={(next) => set('addPermissions', next)} grantable={grantable} testId="bulk-add-permissions" />
            <PermissionChooser label={t('screen.bulk.removePermissions')} value={choice.removePermissions} onChange={(next) => set('removePermissions', next)} grantable={grantable} testId="bulk-remove-permissions" />
            <div className={styles.formRow}>
              <ClientChooser label={t('screen.bulk.addClients')} companies={companies} value={choice.addClients} onChange={(next) => set('addClients', next)} testId="bulk-add-clients" />
              <ClientChooser label={t('screen.bulk.removeClients')} companies={companies} value={choice.removeClients} onChange={(next) => set('removeClients', next)} testId="bulk-remove-clients" />
            </div>
            <FormControl id="bulk-enabled">
              <FormControl.Label>{t('screen.bulk.enabledState')}</FormControl.Label>
              <Select value={choice.enabled} onChange={(event) => set('enabled', event.target.value as BulkChoice['enabled'])}>
                <Select.Option value="keep">{t('screen.bulk.keep')}</Select.Option>
                <Select.Option value="enable">{t('screen.bulk.enable')}</Select.Option>
                <Select.Option value="disable">{t('screen.bulk.disable')}</Select.Option>
              </Select>
            </FormControl>
            <div className={styles.footer}>
              <Button onClick={onClose}>{t('screen.bulk.cancel')}</Button>
              <Button variant="primary" onClick={() => void call(true)} disabled={busy} data-testid="bulk-preview">
                {t('screen.bulk.preview')}
              </Button>
            </div>
          </>
        ) : (
          <>
            <h2 className={styles.legend}>{t('screen.bulk.previewTitle')}</h2>
            {preview.errors.length > 0 ? (
              <div role="alert" data-testid="bulk-refused">
                <p className={styles.refusal}>{t('screen.bulk.refused')}</p>
                <ul className={styles.diffLines}>
                  {preview.errors.map((error) => (
                    <li key={`${error.row}-${error.field}-${error.message.key}`}>
                      {t('bulk.row', { row: error.row + 1, email: error.email, field: error.field, message: tAny(error.message.key, error.message.params) })}
                    </li>
                  ))}
                </ul>
              </div>
            ) : preview.diffs.length === 0 ? (
              <p className={styles.muted} data-testid="bulk-no-change">
                {t('screen.bulk.noChange')}
              </p>
            ) : (
              <ul className={styles.diffList} data-testid="bulk-diffs">
                {preview.diffs.map((diff) => (
                  <li key={diff.userId} data-testid="bulk-diff" data-email={diff.email}>
                    <strong>{diff.email}</strong>
                    <ul className={styles.diffLines}>
                      {describeDiff(diff).map((line) => (
                        <li key={line.key}>{tAny(line.key, line.params)}</li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            )}
            {preview.unchanged > 0 ? <p className={styles.muted}>{t('screen.bulk.unchanged', { count: preview.unchanged })}</p> : null}
            <div className={styles.footer}>
              <Button onClick={() => setPreview(null)}>{t('screen.bulk.back')}</Button>
              <Button variant="primary" onClick={() => void call(false)} disabled={busy || !applicable} data-testid="bulk-apply">
                {t('screen.bulk.apply', { count: preview.diffs.length })}
              </Button>
            </div>
          </>
        )}
      </div>
    </Dialog>
  )
}
