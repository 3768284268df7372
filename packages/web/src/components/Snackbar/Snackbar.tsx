import { Button, IconButton } from '@primer/react'
import { AlertIcon, InfoIcon, XIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import type { SnackbarMessage } from '../../providers/contexts'
import styles from './Snackbar.module.css'

/** Props of Snackbar. */
export interface SnackbarProps {
  messages: readonly SnackbarMessage[]
  onDismiss: () => void
}

/** The open snackbar: each queued message, red with an alert icon for errors, with its action and a dismiss. */
export function Snackbar({ messages, onDismiss }: SnackbarProps) {
  const { t } = useTranslation('shell')
  const hasError = messages.some((m) => m.kind === 'error')
  return (
    <div className={styles.host} role={hasError ? 'alert' : 'status'} data-testid="snackbar">
      {messages.map((message, index) => (
        <div key={index} className={`${styles.message} ${message.kind === 'error' ? styles.error : styles.info}`} data-kind={message.kind}>
          {message.kind === 'error' ? <AlertIcon aria-hidden="true" /> : <InfoIcon aria-hidden="true" />}
          <span className={styles.text}>{message.text}</span>
          {message.action ? (
            <Button variant="invisible" className={styles.action} onClick={message.action.onClick}>
              {message.action.label}
            </Button>
          ) : null}
          {index === messages.length - 1 ? (
            <IconButton icon={XIcon} aria-label={t('snackbar.dismiss')} variant="invisible" className={styles.action} onClick={onDismiss} />
          ) : null}
        </div>
      ))}
    </div>
  )
}
