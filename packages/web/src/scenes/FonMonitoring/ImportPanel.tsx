import { dateFormat } from '@portal/sdk/i18n'
import { useEffect, useRef, useState } from 'react'
import { Button, FormControl, ProgressBar } from '@primer/react'
import { useTranslation } from 'react-i18next'
import type { FonImportKind, FonImportProblem } from '@portal/sdk/domain'
import { errorDataOf, errorToMessage } from '@portal/sdk/errors'
import type { FonImport } from '@portal/sdk/services'
import { useImportFile } from '../../hooks/useImportFile'
import { useSession } from '../../hooks/useSession'
import styles from './FonMonitoring.module.css'

/** Props of ImportPanel. */
export interface ImportPanelProps {
  imports: { records: FonImport | null; quota: FonImport | null }
  language: string
}

/** One import: choose a CSV/XLSX file and upload it; its job's progress, its end or its refusal (row, column, rule). */
function ImportRow({ kind, last, language }: { kind: FonImportKind; last: FonImport | null; language: string }) {
  const { t } = useTranslation('fon')
  const { t: tAny } = useTranslation()
  const { client } = useSession()
  const sendFile = useImportFile()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [running, setRunning] = useState<FonImport | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const when = dateFormat(language, { dateStyle: 'short', timeStyle: 'short' })

  useEffect(() => {
    const service = client.service('fon-imports')
    const onPatched = (entry: FonImport) => setRunning((current) => (current && current.id === entry.id ? entry : current))
    service.on('patched', onPatched)
    return () => void service.removeListener('patched', onPatched)
  }, [client])

  const problemText = (problem: Pick<FonImportProblem, 'row' | 'column'> & { rule: string }) => t('imports.problem', { row: problem.row, column: problem.column, rule: problem.rule })
  const upload = async (dryRun: boolean) => {
    if (!file) return
    setRefusal(null)
    setPreview(null)
    try {
      // Through the import door (any size up to its limit; too large is refused before sending).
      const answer = await sendFile('fon-imports', { kind, dryRun }, file)
      if (dryRun && answer.preview) {
        const { items, changed, removed, reconciles } = answer.preview
        return setPreview(reconciles ? t('imports.preview', { rows: answer.rows, items, changed, removed }) : t('imports.previewOneSide', { rows: answer.rows }))
      }
      setRunning(answer)
      setFile(null)
      if (input.current) input.current.value = ''
    } catch (failure) {
      const data = errorDataOf(failure)
      setRefusal(data?.key === 'fon:errors.badFile' ? tAny('fon:errors.badFile', data.params) : errorToMessage(failure, tAny))
    }
  }

  const shown = running ?? last
  return (
    <div className={styles.importRow} data-testid={`import-${kind}`}>
      {/* Primer labels its own inputs only: the id ties the label to this plain file input. */}
      <FormControl id={`import-file-input-${kind}`}>
        <FormControl.Label>{t(`imports.${kind}`)}</FormControl.Label>
        <input
          ref={input}
          id={`import-file-input-${kind}`}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-describedby={`import-${kind}-state`}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null)
            setPreview(null)
          }}
          data-testid={`import-file-${kind}`}
        />
        <FormControl.Caption>{t('imports.choose')}</FormControl.Caption>
      </FormControl>
      <Button onClick={() => void upload(true)} disabled={!file} data-testid={`import-check-${kind}`}>
        {t('imports.check')}
      </Button>
      <Button variant="primary" onClick={() => void upload(false)} disabled={!file || running?.state === 'inProgress'} data-testid={`import-upload-${kind}`}>
        {t('imports.upload')}
      </Button>
      <div id={`import-${kind}-state`} aria-live="polite" className={styles.importState} data-testid={`import-state-${kind}`}>
        {refusal ? (
          <p role="alert" className={styles.refusal}>
            {refusal}
          </p>
        ) : null}
        {preview ? <p data-testid={`import-preview-${kind}`}>{preview}</p> : null}
        {shown?.state === 'inProgress' ? (
          <>
            <ProgressBar progress={shown.progress} aria-label={t('imports.state.inProgress', { progress: shown.progress })} />
            <span>{t('imports.state.inProgress', { progress: shown.progress })}</span>
          </>
        ) : shown ? (
          <span>
            {t('imports.last', { at: when.format(new Date(shown.finishedAt ?? shown.createdAt)) })} · {shown.fileName} ·{' '}
            {shown.state === 'done' ? t('imports.state.done', { rows: shown.rows }) : t('imports.state.failed')}
            {shown.problem ? ` · ${problemText(shown.problem)}` : ''}
          </span>
        ) : (
          <span>{t('imports.none')}</span>
        )}
      </div>
    </div>
  )
}

/** The two imports: the firm's records (NTCS) and the FinanzOnline quota list. */
export function ImportPanel({ imports, language }: ImportPanelProps) {
  const { t } = useTranslation('fon')
  return (
    <section aria-labelledby="fon-imports-heading" className={styles.section}>
      <h2 id="fon-imports-heading" className={styles.heading}>
        {t('imports.title')}
      </h2>
      <ImportRow kind="records" last={imports.records} language={language} />
      <ImportRow kind="quota" last={imports.quota} language={language} />
    </section>
  )
}
