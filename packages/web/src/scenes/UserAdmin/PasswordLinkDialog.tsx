import { useRef } from 'react'
import { Button, Dialog, FormControl, TextInput } from '@primer/react'
import { CopyIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import type { PasswordSetup } from '@portal/sdk/services'
import styles from './UserAdmin.module.css'

/** Props of PasswordLinkDialog. */
export interface PasswordLinkDialogProps {
  email: string
  setup: PasswordSetup
  /** Tells the administrator the link is on the clipboard (or why not). */
  onCopied: (copied: boolean) => void
  onClose: () => void
  /** Now, for the hours the link stays valid. */
  now?: () => number
}

/**
 * The one-time link to set a password, when no e-mail can be sent (no SMTP configured): shown exactly once, to be
 * copied and passed on. Closing the dialog forgets it; only a new reset makes another.
 */
export function PasswordLinkDialog({ email, setup, onCopied, onClose, now = Date.now }: PasswordLinkDialogProps) {
  const { t } = useTranslation('users')
  const input = useRef<HTMLInputElement>(null)
  const hours = setup.expiresAt ? Math.max(1, Math.round((Date.parse(setup.expiresAt) - now()) / 3_600_000)) : 24
  const copy = async () => {
    input.current?.select()
    try {
      await navigator.clipboard.writeText(setup.link ?? '')
      onCopied(true)
    } catch {
      onCopied(false)
    }
  }
  return (
    <Dialog
      title={t('screen.link.title', { email })}
      onClose={onClose}
      width="large"
      initialFocusRef={input}
      footerButtons={[{ content: t('screen.link.done'), onClick: onClose, buttonType: 'primary' }]}
    >
      <div className={styles.form} data-testid="password-link">
        <p>{t('setup.linkOnce', { email, hours })}</p>
        <FormControl id="password-link-value">
          <FormControl.Label>{t('screen.link.label')}</FormControl.Label>
          <TextInput ref={input} readOnly value={setup.link ?? ''} className={styles.link} block onFocus={(event) => event.target.select()} data-testid="password-link-value" />
        </FormControl>
        <div>
          <Button leadingVisual={CopyIcon} onClick={() => void copy()} data-testid="password-link-copy">
            {t('screen.link.copy')}
          </Button>
        </div>
      </div>
    </Dialog>
  )
}
