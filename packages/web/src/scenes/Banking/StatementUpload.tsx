import { useRef, useState, type FormEvent } from 'react'
import { Button, FormControl, Select } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { accessReads } from '@portal/sdk/domain'
import type { BankAccessRecord } from '@portal/sdk/services'
import { useImportFile } from '../../hooks/useImportFile'
import { useSnackbar } from '../../hooks/useSnackbar'
import styles from './Banking.module.css'

/** Upload of a CAMT.053 or MT940 file to an account with approved access; shows what the import did. */
export function StatementUpload({ accesses, companyNo, onImported }: { accesses: BankAccessRecord[]; companyNo: number; onImported: () => void }) {
  const { t } = useTranslation('banking')
  const sendFile = useImportFile()
  const { notifyError } = useSnackbar()
  const readable = accesses.filter((access) => access.state === 'approved' || access.state === 'expiringSoon')
  const [accessId, setAccessId] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  if (readable.length === 0) return <p className={styles.muted}>{t('statements.noActiveAccess')}</p>
  const chosen = readable.find((access) => access.id === accessId) ?? readable[0]

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const file = input.current?.files?.[0]
    if (!file || !accessReads(chosen, new Date().toISOString().slice(0, 10))) return
    setBusy(true)
    setResult(null)
    try {
      // Through the import door: a busy month's CAMT.053 outgrows a socket message (2 MB); too large is refused before sending.
      const answer = await sendFile('bank-statements', { client: companyNo, access_id: chosen.id }, file)
      setResult(t('statements.result', { statements: answer.statements.join(', '), added: answer.added, duplicates: answer.duplicates, settled: answer.settled, proposed: answer.proposed }))
      if (input.current) input.current.value = ''
      onImported()
    } catch (error) {
      notifyError(error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className={styles.section} aria-labelledby="bank-statement-heading">
      <h2 id="bank-statement-heading" className={styles.heading}>
        {t('statements.heading')}
      </h2>
      <form className={styles.row} onSubmit={(event) => void submit(event)}>
        <FormControl>
          <FormControl.Label>{t('statements.account')}</FormControl.Label>
          <Select value={String(chosen.id)} onChange={(event) => setAccessId(Number(event.target.value))} data-testid="bank-statement-account">
            {readable.map((access) => (
              <Select.Option key={access.id} value={String(access.id)}>
                {access.name ? `${access.name} · ${access.iban}` : access.iban}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <FormControl>
          <FormControl.Label>{t('statements.choose')}</FormControl.Label>
          <input ref={input} type="file" accept=".xml,.sta,.mt940,.txt,.940" data-testid="bank-statement-file" />
          <FormControl.Caption>{t('statements.hint')}</FormControl.Caption>
        </FormControl>
        <Button type="submit" variant="primary" disabled={busy} data-testid="bank-statement-import">
          {busy ? t('statements.importing') : t('statements.import')}
        </Button>
      </form>
      {result ? <p role="status" data-testid="bank-statement-result">{result}</p> : null}
    </section>
  )
}
