import { useRef, useState, type FormEvent } from 'react'
import { Banner, Button, FormControl, Select, TextInput } from '@primer/react'
import { ChecklistIcon, UploadIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import { ERP_EXPORT_FORMATS, type ErpExportFormat } from '@portal/sdk/domain'
import { errorDataOf } from '@portal/sdk/errors'
import { translateMessage, type Message } from '@portal/sdk/i18n'
import type { ErpExportBatch, ErpExportCheck, ErpRefusal } from '@portal/sdk/services'
import {
  emptyErpExportForm,
  erpExportData,
  erpExportFormErrors,
  erpExportFormFieldOf,
  erpRefusalsOf,
  type ErpExportFormField,
  type ErpExportFormValues,
  type ErpExportRange,
} from '@portal/sdk/state'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { RefusalList } from './RefusalList'
import styles from './ErpExport.module.css'

/** Props of ExportForm. */
export interface ExportFormProps {
  companyNo: number
  /** A batch was created (the list shows it live; the screen moves focus to it). */
  onExported: (batch: ErpExportBatch) => void
}

/** What the last check or export answered, shown under the form. */
type Outcome = { kind: 'ready'; check: ErpExportCheck } | { kind: 'refused'; refusals: ErpRefusal[] } | { kind: 'message'; message: Message } | null

/**
 * A new export batch: a period or a booking-date range and the ERP's format. "Check" runs the server's pre-export
 * check without storing anything; "Export" (Enter) creates the batch. Wrong input is named at its field (the same
 * checks the server repeats); a refused batch lists every document with its reason and a link to it.
 */
export function ExportForm({ companyNo, onExported }: ExportFormProps) {
  const { t } = useTranslation('erpScreen')
  const { client } = useSession()
  const { notify, notifyError } = useSnackbar()
  const [values, setValues] = useState<ErpExportFormValues>(() => emptyErpExportForm(new Date()))
  const [errors, setErrors] = useState<Partial<Record<ErpExportFormField, Message>>>({})
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [busy, setBusy] = useState<'check' | 'export' | null>(null)
  const form = useRef<HTMLFormElement>(null)

  const set = (field: keyof ErpExportFormValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }
  const setRange = (range: ErpExportRange) => {
    setValues((current) => ({ ...current, range }))
    setErrors({})
  }
  /** Moves focus to the first field with a problem, so keyboard users land where to correct. */
  const focusFirst = (fields: Partial<Record<ErpExportFormField, Message>>) => {
    const first = (['period', 'from', 'to', 'format'] as const).find((field) => fields[field])
    if (first) form.current?.querySelector<HTMLElement>(`#erp-export-${first}`)?.focus()
  }

  const run = async (dryRun: boolean) => {
    const problems = erpExportFormErrors(values)
    setErrors(problems)
    if (Object.keys(problems).length > 0) {
      setOutcome(null)
      focusFirst(problems)
      return
    }
    setBusy(dryRun ? 'check' : 'export')
    setOutcome(null)
    try {
      const answer = await client.service('erp-exports').create(erpExportData(companyNo, values, dryRun))
      if ('dry_run' in answer) {
        if (answer.refusals.length > 0) setOutcome({ kind: 'refused', refusals: answer.refusals })
        // A check that finds nothing says so in the words the export itself would refuse with.
        else if (answer.bookings === 0) setOutcome({ kind: 'message', message: { key: 'erp:error.nothingToExport', params: { companyNo } } })
        else setOutcome({ kind: 'ready', check: answer })
      } else {
        notify({ kind: 'success', text: t('form.exported', { id: answer.id, documents: answer.documents }) })
        onExported(answer)
      }
    } catch (error) {
      const refusals = erpRefusalsOf(error)
      const field = erpExportFormFieldOf(error)
      const data = errorDataOf(error)
      if (refusals) setOutcome({ kind: 'refused', refusals })
      else if (field && data) {
        const next = { [field]: data }
        setErrors(next)
        focusFirst(next)
      } else if (data?.key === 'erp:error.nothingToExport') setOutcome({ kind: 'message', message: data })
      else notifyError(error)
    } finally {
      setBusy(null)
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void run(false)
  }
  const errorOf = (field: ErpExportFormField) => {
    const message = errors[field]
    return message ? (
      <FormControl.Validation variant="error">
        <span data-testid={`error-${field}`}>{translateMessage(t, message)}</span>
      </FormControl.Validation>
    ) : null
  }

  return (
    <section className={styles.section} aria-labelledby="erp-export-form-heading">
      <h2 id="erp-export-form-heading" className={styles.heading}>
        {t('form.heading')}
      </h2>
      <form ref={form} className={styles.form} onSubmit={submit} noValidate data-testid="export-form">
        <fieldset className={styles.rangeChoice}>
          <legend>{t('form.range')}</legend>
          {(['period', 'dates'] as const).map((range) => (
            <label key={range}>
              <input type="radio" name="erp-export-range" value={range} checked={values.range === range} onChange={() => setRange(range)} data-testid={`range-${range}`} />
              {range === 'period' ? t('form.rangePeriod') : t('form.rangeDates')}
            </label>
          ))}
        </fieldset>
        {values.range === 'period' ? (
          <FormControl id="erp-export-period" required>
            <FormControl.Label>{t('form.period')}</FormControl.Label>
            <TextInput type="month" value={values.period} onChange={set('period')} placeholder="2026-10" validationStatus={errors.period ? 'error' : undefined} />
            <FormControl.Caption>{t('form.periodHint')}</FormControl.Caption>
            {errorOf('period')}
          </FormControl>
        ) : (
          <>
            <FormControl id="erp-export-from" required>
              <FormControl.Label>{t('form.from')}</FormControl.Label>
              <TextInput type="date" value={values.from} onChange={set('from')} validationStatus={errors.from ? 'error' : undefined} />
              {errorOf('from')}
            </FormControl>
            <FormControl id="erp-export-to" required>
              <FormControl.Label>{t('form.to')}</FormControl.Label>
              <TextInput type="date" value={values.to} onChange={set('to')} validationStatus={errors.to ? 'error' : undefined} />
              {errorOf('to')}
            </FormControl>
          </>
        )}
        <FormControl id="erp-export-format" required>
          <FormControl.Label>{t('form.format')}</FormControl.Label>
          <Select value={values.format} onChange={(event) => set('format')({ target: { value: event.target.value as ErpExportFormat } })} validationStatus={errors.format ? 'error' : undefined}>
            {ERP_EXPORT_FORMATS.map((format) => (
              <Select.Option key={format} value={format}>
                {t(`erp:format.${format}`)}
              </Select.Option>
            ))}
          </Select>
          {errorOf('format')}
        </FormControl>
        <div className={styles.buttons}>
          <Button type="button" leadingVisual={ChecklistIcon} onClick={() => void run(true)} disabled={busy !== null} data-testid="export-check">
            {busy === 'check' ? t('form.checking') : t('form.check')}
          </Button>
          <Button type="submit" variant="primary" leadingVisual={UploadIcon} disabled={busy !== null} data-testid="export-create">
            {busy === 'export' ? t('form.exporting') : t('form.export')}
          </Button>
        </div>
      </form>
      {outcome?.kind === 'ready' ? (
        <p role="status" className={styles.summary} data-testid="export-check-ok">
          {t('form.checkOk', { bookings: outcome.check.bookings, lines: outcome.check.lines, documents: outcome.check.documents })}
        </p>
      ) : outcome?.kind === 'refused' ? (
        <RefusalList companyNo={companyNo} refusals={outcome.refusals} />
      ) : outcome?.kind === 'message' ? (
        <Banner variant="warning" title={translateMessage(t, outcome.message)} hideTitle description={translateMessage(t, outcome.message)} data-testid="export-message" />
      ) : null}
    </section>
  )
}
