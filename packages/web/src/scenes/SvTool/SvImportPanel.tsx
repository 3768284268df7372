import { dateFormat } from '@portal/sdk/i18n'
import { useEffect, useRef, useState } from 'react'
import { Banner, Button, FormControl, ProgressBar, Select } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { SV_COLUMNS, SV_IMPORT_KINDS, type SvImportKind } from '@portal/sdk/domain'
import { errorDataOf, errorToMessage } from '@portal/sdk/errors'
import type { SvImport } from '@portal/sdk/services'
import { useImportFile } from '../../hooks/useImportFile'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import styles from './SvTool.module.css'

/** The last imports, kept current by their events (created, progress, done, failed). */
function useSvImports(onError: (error: unknown) => void): SvImport[] | null {
  const { client } = useSession()
  const [imports, setImports] = useState<SvImport[] | null>(null)
  useEffect(() => {
    const service = client.service('sv-imports')
    service.find({ query: { $limit: 10 } }).then((page) => setImports(page.data), onError)
    const upsert = (entry: SvImport) =>
      entry.id > 0 &&
      setImports((current) => [entry, ...(current ?? []).filter((other) => other.id !== entry.id)].sort((a, b) => b.id - a.id).slice(0, 10))
    service.on('created', upsert)
    service.on('patched', upsert)
    return () => {
      service.removeListener('created', upsert)
      service.removeListener('patched', upsert)
    }
  }, [client, onError])
  return imports
}

/**
 * Uploads one of the firm's exports (accounts, transactions or authorizations; CSV or XLSX) and follows its job:
 * progress, done, or failed with the stale-data note; a broken file is refused with its row, column and rule.
 */
export function SvImportPanel({ language }: { language: string }) {
  const { t } = useTranslation('admin')
  const { t: tAny } = useTranslation()
  const { notifyError } = useSnackbar()
  const imports = useSvImports(notifyError)
  const sendFile = useImportFile()
  const input = useRef<HTMLInputElement>(null)
  const [kind, setKind] = useState<SvImportKind>('accounts')
  const [file, setFile] = useState<File | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const when = dateFormat(language, { dateStyle: 'short', timeStyle: 'short' })
  const last = imports?.[0]
  const running = imports?.find((entry) => entry.state === 'inProgress')

  const upload = async (dryRun: boolean) => {
    setRefusal(null)
    setPreview(null)
    if (!file) return setRefusal(t('sv.import.chooseFile'))
    try {
      // Through the import door: a file of any size up to its limit (a socket message ends at 2 MB); too large is refused before sending.
      const answer = await sendFile('sv-imports', { kind, ...(dryRun ? { dryRun } : {}) }, file)
      if (answer.preview) return setPreview(t('sv.import.preview', { rows: answer.rows, ...answer.preview }))
      setFile(null)
      if (input.current) input.current.value = ''
    } catch (failure) {
      const data = errorDataOf(failure)
      setRefusal(
        data?.key === 'admin:sv.errors.badFile'
          ? t('sv.errors.badFile', { row: data.params.row, column: data.params.column, rule: t(`sv.rule.${String(data.params.rule) as 'date'}`) })
          : errorToMessage(failure, tAny),
      )
    }
  }
  const columns = SV_COLUMNS[kind]
  const describe = (entry: SvImport) => {
    const at = when.format(new Date(entry.finishedAt ?? entry.createdAt))
    if (entry.state === 'inProgress') return t('sv.import.inProgress', { progress: entry.progress })
    if (entry.state === 'done') return t('sv.import.done', { rows: entry.rows, file: entry.fileName, at })
    const problem = entry.problem ? ` ${t('sv.errors.badFile', { row: entry.problem.row, column: entry.problem.column, rule: t(`sv.rule.${entry.problem.rule as 'date'}`) })}` : ''
    return `${t('sv.import.failed', { file: entry.fileName, at })}${problem}`
  }

  return (
    <section aria-labelledby="sv-import-heading" className={styles.section} data-testid="sv-import">
      <h2 id="sv-import-heading" className={styles.heading}>
        {t('sv.import.title')}
      </h2>
      {last?.state === 'failed' ? <Banner variant="warning" title={t('sv.import.stale')} hideTitle={false} data-testid="sv-stale" /> : null}
      <div className={styles.importRow}>
        <FormControl>
          <FormControl.Label>{t('sv.import.kind')}</FormControl.Label>
          <Select value={kind} onChange={(event) => setKind(event.target.value as SvImportKind)} data-testid="sv-import-kind">
            {SV_IMPORT_KINDS.map((option) => (
              <Select.Option key={option} value={option}>
                {t(`sv.import.kinds.${option}`)}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <FormControl>
          <FormControl.Label>{t('sv.import.file')}</FormControl.Label>
          <input
            ref={input}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            data-testid="sv-import-file"
          />
        </FormControl>
        <Button onClick={() => void upload(true)} disabled={Boolean(running)} data-testid="sv-import-check">
          {t('sv.import.check')}
        </Button>
        <Button variant="primary" onClick={() => void upload(false)} disabled={Boolean(running)} data-testid="sv-import-upload">
          {t('sv.import.upload')}
        </Button>
      </div>
      <p className={styles.muted}>
        {t('sv.import.columns', { columns: columns.map((column) => column.name).join(', '), required: columns.filter((column) => column.required).map((column) => column.name).join(', ') })}
      </p>
      <div aria-live="polite" data-testid="sv-import-state">
        {refusal ? (
          <p role="alert" className={styles.muted} style={{ color: 'var(--fgColor-danger, #d1242f)' }} data-testid="sv-import-refusal">
            {refusal}
          </p>
        ) : null}
        {preview ? <p data-testid="sv-import-preview">{preview}</p> : null}
        {running ? <ProgressBar progress={running.progress} aria-label={t('sv.import.inProgress', { progress: running.progress })} /> : null}
      </div>
      <h3 className={styles.heading}>{t('sv.import.history')}</h3>
      {!imports || imports.length === 0 ? (
        <p className={styles.muted}>{t('sv.import.none')}</p>
      ) : (
        <ul data-testid="sv-import-history">
          {imports.map((entry) => (
            <li key={entry.id} data-state={entry.state}>
              {t(`sv.import.kinds.${entry.kind}`)}: {describe(entry)}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
