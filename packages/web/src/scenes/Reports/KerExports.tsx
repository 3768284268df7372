import { useState } from 'react'
import { Button } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { errorToMessage } from '@portal/sdk/errors'
import type { KerExportData, KerReportQuery } from '@portal/sdk/services'
import { useSession } from '../../hooks/useSession'
import styles from './Reports.module.css'

/** Saves a base64 file under its name (the browser's download). */
function download(fileName: string, mime: string, base64: string): void {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
  const url = URL.createObjectURL(new Blob([bytes], { type: mime }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/** The KER of the chosen period as PDF (for the client, with the firm's name), CSV or Excel, in the screen's language. */
export function KerExports({ query }: { query: KerReportQuery }) {
  const { t, i18n } = useTranslation('reports')
  const { t: tAny } = useTranslation()
  const { client } = useSession()
  const [busy, setBusy] = useState<KerExportData['format'] | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const run = async (format: KerExportData['format']) => {
    setBusy(format)
    setRefusal(null)
    try {
      const file = await client.service('ker-exports').create({ ...query, format, locale: i18n.language.startsWith('de') ? 'de' : 'en' })
      download(file.file_name, file.mime, file.base64)
    } catch (failure) {
      setRefusal(t('export.failed', { message: errorToMessage(failure, tAny) }))
    } finally {
      setBusy(null)
    }
  }
  return (
    <div className={styles.actions} role="group" aria-label={t('export.heading')}>
      <span className={styles.muted}>{t('export.heading')}:</span>
      {(['pdf', 'csv', 'xlsx'] as const).map((format) => (
        <Button key={format} onClick={() => void run(format)} disabled={busy !== null} data-testid={`ker-export-${format}`}>
          {t(`export.${format}`)}
        </Button>
      ))}
      {refusal ? (
        <p role="alert" className={styles.refusal}>
          {refusal}
        </p>
      ) : null}
    </div>
  )
}
