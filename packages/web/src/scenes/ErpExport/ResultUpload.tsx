import { useRef, useState, type FormEvent } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { Button, Label, Link } from '@primer/react'
import { FileIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import type { ErpResultOutcome } from '@portal/sdk/domain'
import { errorDataOf } from '@portal/sdk/errors'
import type { ErpImportResultAnswer } from '@portal/sdk/services'
import { useImportFile } from '../../hooks/useImportFile'
import { useSnackbar } from '../../hooks/useSnackbar'
import { accountingHref } from './documentHref'
import styles from './ErpExport.module.css'

/** Label colour of an outcome the ERP reported. */
const OUTCOME_VARIANT: Record<ErpResultOutcome, 'success' | 'danger' | 'attention'> = { ok: 'success', error: 'danger', info: 'attention' }

/** Props of ResultUpload. */
export interface ResultUploadProps {
  companyNo: number
}

/**
 * Reads the ERP's import result file back (exp): the file goes through the import door as it is (the server reads it
 * as UTF-8, else Windows-1252); the answer shows per document whether it was imported, refused with the ERP's message,
 * or imported with a notice. A file that is not in the documented format is refused with the line and what is wrong
 * there, at the file field; nothing is applied.
 */
export function ResultUpload({ companyNo }: ResultUploadProps) {
  const { t } = useTranslation('erpScreen')
  const sendFile = useImportFile()
  const { notifyError } = useSnackbar()
  const input = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [answer, setAnswer] = useState<ErpImportResultAnswer | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const file = input.current?.files?.[0]
    setAnswer(null)
    if (!file) {
      setError(t('validation:required'))
      input.current?.focus()
      return
    }
    setError(null)
    setBusy(true)
    try {
      if (file.size === 0) {
        setError(t('validation:required'))
        input.current?.focus()
        return
      }
      setAnswer(await sendFile('erp-import-results', { client_no: companyNo }, file))
    } catch (refusal) {
      const data = errorDataOf(refusal)
      // The file's own refusals (its format and line, its size) are shown at the file field.
      if (data?.params.field === 'content' || data?.key.startsWith('errors:importFile.')) {
        setError(t(data.key, data.params))
        input.current?.focus()
      } else notifyError(refusal)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className={styles.section} aria-labelledby="erp-result-heading">
      <h2 id="erp-result-heading" className={styles.heading}>
        {t('result.heading')}
      </h2>
      <p className={styles.intro}>{t('result.intro')}</p>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate data-testid="result-form">
        <div className={styles.fileRow}>
          <label htmlFor="erp-result-file">{t('result.file')}</label>
          <input
            ref={input}
            id="erp-result-file"
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            aria-describedby="erp-result-file-hint erp-result-file-error"
            aria-invalid={error ? true : undefined}
            onChange={() => setError(null)}
            data-testid="result-file"
          />
          <span id="erp-result-file-hint" className={styles.small}>
            {t('result.fileHint')}
          </span>
          {error ? (
            <span id="erp-result-file-error" className={styles.error} role="alert" data-testid="result-error">
              {error}
            </span>
          ) : null}
        </div>
        <div className={styles.buttons}>
          <Button type="submit" leadingVisual={FileIcon} disabled={busy} data-testid="result-apply">
            {busy ? t('result.applying') : t('result.apply')}
          </Button>
        </div>
      </form>
      {answer ? (
        <div data-testid="result-answer">
          <p role="status" className={styles.summary}>
            {t('result.summary', answer.counts)}
          </p>
          {answer.unknown.length > 0 ? <p className={styles.muted}>{t('result.unknown', { numbers: answer.unknown.join(', ') })}</p> : null}
          {answer.applied.length > 0 ? (
            <table className={styles.table}>
              <caption className={styles.caption}>{t('result.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('items.columns.bookingNo')}</th>
                  <th scope="col">{t('items.columns.document')}</th>
                  <th scope="col">{t('items.columns.status')}</th>
                  <th scope="col">{t('items.columns.message')}</th>
                </tr>
              </thead>
              <tbody>
                {answer.applied.map((row) => (
                  <tr key={`${row.batch_id}-${row.booking_no}`} data-testid="result-row" data-document-id={row.document_id} data-outcome={row.outcome}>
                    <td>{row.booking_no}</td>
                    <td>
                      <Link as={RouterLink} to={accountingHref(companyNo, row.document_id)}>
                        #{row.document_id}
                      </Link>
                    </td>
                    <td>
                      <Label variant={OUTCOME_VARIANT[row.outcome]}>{t(`result.outcome.${row.outcome}`)}</Label>
                    </td>
                    <td>{row.message ?? t('result.noMessage')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
