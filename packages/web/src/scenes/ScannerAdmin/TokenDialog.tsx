import { useRef, useState } from 'react'
import { Button, Dialog, FormControl, TextInput } from '@primer/react'
import { CopyIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import type { ScannerTokenAnswer } from '@portal/sdk/services'
import styles from './ScannerAdmin.module.css'

/** Props of TokenDialog. */
export interface TokenDialogProps {
  answer: ScannerTokenAnswer
  onClose: () => void
}

/** A scanner's new token, shown this once with a copy button; closing the dialog forgets it. */
export function TokenDialog({ answer, onClose }: TokenDialogProps) {
  const { t } = useTranslation('scanners')
  const [copied, setCopied] = useState(false)
  const field = useRef<HTMLInputElement>(null)
  const copy = async () => {
    field.current?.select()
    await navigator.clipboard?.writeText(answer.token).catch(() => undefined)
    setCopied(true)
  }
  return (
    <Dialog title={t('token.title', { location: answer.scanner.location })} onClose={onClose} width="large" initialFocusRef={field}>
      <p role="alert" className={styles.warning}>
        {t('token.once')}
      </p>
      <FormControl>
        <FormControl.Label>{t('token.label')}</FormControl.Label>
        <div className={styles.tokenRow}>
          <TextInput ref={field} value={answer.token} readOnly block monospace onFocus={(event) => event.target.select()} data-testid="scanner-token" />
          <Button leadingVisual={CopyIcon} onClick={() => void copy()} data-testid="copy-token">
            {copied ? t('actions.copied') : t('actions.copy')}
          </Button>
        </div>
      </FormControl>
      <div className={styles.footer}>
        <Button variant="primary" onClick={onClose} data-testid="token-close">
          {t('actions.close')}
        </Button>
      </div>
    </Dialog>
  )
}
