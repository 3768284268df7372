import { DATE_TIME, formatDate } from '@portal/sdk/i18n'
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { Button, ConfirmationDialog, FormControl, IconButton, TextInput } from '@primer/react'
import { HistoryIcon, PencilIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import { isBmdSteuercode, isDatevBu, taxCodeNameKey } from '@portal/sdk/domain'
import { errorToMessage } from '@portal/sdk/errors'
import type { TaxCodeLine, TaxCodePatch } from '@portal/sdk/services'
import { Loading } from '../../components/Loading/Loading'
import { useCan } from '../../hooks/useCan'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import styles from './Accounts.module.css'

/** A line being changed: the typed values and, once checked, the change waiting for confirmation. */
interface Draft {
  code: string
  bmd: string
  datev: string
  confirm: boolean
}

/**
 * The firm's tax code table: every portal tax code, what it means, and the BMD steuercode and DATEV BU-Schlüssel the
 * export writes (the default beside a changed value). An administrator changes a line in place; the change is shown
 * old → new before it is applied, and each line's history lists every change with who made it.
 */
export function TaxCodeTable() {
  const { t } = useTranslation('accounts')
  const { t: tAny, i18n } = useTranslation()
  const { client } = useSession()
  const { notify, notifyError } = useSnackbar()
  const canChange = useCan('tax-codes', 'patch')
  const [lines, setLines] = useState<TaxCodeLine[] | null>(null)
  const [draft, setDraft] = useState<Draft | null>(null)
  const [history, setHistory] = useState<TaxCodeLine | null>(null)

  const load = useCallback(() => client.service('tax-codes').find().then(setLines, notifyError), [client, notifyError])
  useEffect(() => {
    void load()
  }, [load])

  const when = (at: string) => formatDate(at, i18n.language, DATE_TIME)
  const shown = (value: string) => (value === '' ? t('taxCodes.none') : value)
  const bmdProblem = draft && !isBmdSteuercode(draft.bmd.trim()) ? t('refusal.bmdSteuercode') : null
  const datevProblem = draft && !isDatevBu(draft.datev.trim()) ? t('refusal.datevBu') : null

  const apply = async (line: TaxCodeLine, patch: TaxCodePatch) => {
    try {
      const saved = await client.service('tax-codes').patch(line.code, patch)
      setLines((current) => current?.map((entry) => (entry.code === saved.code ? { ...saved, history: undefined } : entry)) ?? null)
      if (history?.code === saved.code) setHistory(saved)
      notify({ kind: 'success', text: t('taxCodes.saved', { code: saved.code }) })
      setDraft(null)
    } catch (error) {
      notify({ kind: 'error', text: t('taxCodes.failed', { message: errorToMessage(error, tAny) }) })
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (draft && !bmdProblem && !datevProblem) setDraft({ ...draft, confirm: true })
  }

  const openHistory = (code: string) => client.service('tax-codes').get(code).then(setHistory, notifyError)

  if (!lines) return <Loading label={t('taxCodes.loading')} />
  const editing = draft ? lines.find((line) => line.code === draft.code) : undefined
  return (
    <div data-testid="tax-codes">
      <p>{t('taxCodes.intro')}</p>
      {!canChange ? <p className={styles.muted}>{t('taxCodes.readOnly')}</p> : null}
      <table className={styles.table} data-testid="tax-code-table">
        <caption className={styles.visuallyHidden}>{t('taxCodes.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('taxCodes.columns.code')}</th>
            <th scope="col">{t('taxCodes.columns.meaning')}</th>
            <th scope="col">{t('taxCodes.columns.bmd')}</th>
            <th scope="col">{t('taxCodes.columns.datev')}</th>
            <th scope="col">{t('taxCodes.columns.changed')}</th>
            <th scope="col">
              <span className={styles.visuallyHidden}>{t('actions.edit')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.code} data-testid="tax-code-row" data-code={line.code}>
              <th scope="row" className={styles.mono}>{line.code}</th>
              <td>{tAny(taxCodeNameKey(line.code))}</td>
              {draft?.code === line.code ? (
                <td colSpan={2}>
                  <form className={styles.inlineForm} onSubmit={submit} onKeyDown={(event) => event.key === 'Escape' && setDraft(null)} noValidate>
                    <FormControl id={`bmd-${line.code}`}>
                      <FormControl.Label>{t('taxCodes.columns.bmd')}</FormControl.Label>
                      <TextInput autoFocus size="small" inputMode="numeric" maxLength={2} value={draft.bmd} onChange={(event) => setDraft({ ...draft, bmd: event.target.value })} validationStatus={bmdProblem ? 'error' : undefined} data-testid="tax-bmd" />
                      {bmdProblem ? <FormControl.Validation variant="error">{bmdProblem}</FormControl.Validation> : null}
                    </FormControl>
                    <FormControl id={`datev-${line.code}`}>
                      <FormControl.Label>{t('taxCodes.columns.datev')}</FormControl.Label>
                      <TextInput size="small" inputMode="numeric" maxLength={4} value={draft.datev} onChange={(event) => setDraft({ ...draft, datev: event.target.value })} validationStatus={datevProblem ? 'error' : undefined} data-testid="tax-datev" />
                      {datevProblem ? <FormControl.Validation variant="error">{datevProblem}</FormControl.Validation> : null}
                    </FormControl>
                    <Button type="submit" size="small" variant="primary" data-testid="tax-save">
                      {t('actions.save')}
                    </Button>
                    <Button size="small" onClick={() => setDraft(null)}>
                      {t('actions.cancel')}
                    </Button>
                  </form>
                </td>
              ) : (
                <>
                  <td className={styles.mono} data-testid="tax-bmd-value">
                    {line.bmdSteuercode}
                    {line.bmdSteuercode !== line.defaultBmdSteuercode ? (
                      <span className={styles.muted}> ({t('taxCodes.default', { value: line.defaultBmdSteuercode })})</span>
                    ) : (
                      <span className={styles.muted} data-testid="tax-bmd-source"> · {t(line.defaultBmdSource === 'vendor' ? 'taxCodes.source.bmd' : 'taxCodes.source.ours')}</span>
                    )}
                  </td>
                  <td className={styles.mono} data-testid="tax-datev-value">
                    {shown(line.datevBu)}
                    {line.datevBu !== line.defaultDatevBu ? (
                      <span className={styles.muted}> ({t('taxCodes.default', { value: shown(line.defaultDatevBu) })})</span>
                    ) : (
                      <span className={styles.muted} data-testid="tax-datev-source"> · {t(line.defaultDatevSource === 'vendor' ? 'taxCodes.source.datev' : 'taxCodes.source.ours')}</span>
                    )}
                  </td>
                </>
              )}
              <td>{line.updatedAt ? t('taxCodes.changedBy', { by: line.updatedBy ?? '', at: when(line.updatedAt) }) : t('taxCodes.unchanged')}</td>
              <td>
                <div className={styles.actions}>
                  {canChange && draft?.code !== line.code ? (
                    <Button size="small" variant="invisible" leadingVisual={PencilIcon} onClick={() => setDraft({ code: line.code, bmd: line.bmdSteuercode, datev: line.datevBu, confirm: false })} data-testid="tax-edit">
                      {t('actions.edit')}
                      <span className={styles.visuallyHidden}> {line.code}</span>
                    </Button>
                  ) : null}
                  {canChange && line.changed && draft?.code !== line.code ? (
                    <Button size="small" variant="invisible" onClick={() => void apply(line, { bmdSteuercode: null, datevBu: null })}>
                      {t('taxCodes.resetToDefault')}
                    </Button>
                  ) : null}
                  <IconButton size="small" variant="invisible" icon={HistoryIcon} onClick={() => void openHistory(line.code)} aria-label={t('taxCodes.history', { code: line.code })} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {draft?.confirm && editing ? (
        <ConfirmationDialog
          title={t('taxCodes.edit', { code: editing.code })}
          onClose={(gesture) => {
            if (gesture === 'confirm') void apply(editing, { bmdSteuercode: draft.bmd.trim(), datevBu: draft.datev.trim() })
            else setDraft({ ...draft, confirm: false })
          }}
          confirmButtonContent={t('taxCodes.confirm')}
          cancelButtonContent={t('actions.cancel')}
        >
          <p data-testid="tax-preview">
            {t('taxCodes.preview', {
              code: editing.code,
              oldBmd: editing.bmdSteuercode,
              newBmd: draft.bmd.trim(),
              oldDatev: shown(editing.datevBu),
              newDatev: shown(draft.datev.trim()),
            })}
          </p>
        </ConfirmationDialog>
      ) : null}
      {history ? (
        <section className={styles.history} aria-label={t('taxCodes.history', { code: history.code })} data-testid="tax-history">
          <h2>{t('taxCodes.history', { code: history.code })}</h2>
          {history.history && history.history.length > 0 ? (
            <ul>
              {history.history.map((entry) => (
                <li key={`${entry.at}-${entry.newBmdSteuercode}-${entry.newDatevBu}`}>
                  {t('taxCodes.historyEntry', {
                    at: when(entry.at),
                    by: entry.by ?? '',
                    oldBmd: entry.oldBmdSteuercode,
                    newBmd: entry.newBmdSteuercode,
                    oldDatev: shown(entry.oldDatevBu),
                    newDatev: shown(entry.newDatevBu),
                  })}
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>{t('taxCodes.noHistory')}</p>
          )}
        </section>
      ) : null}
    </div>
  )
}
