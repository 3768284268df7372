import { AlertIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import { useConnection } from '../../hooks/useConnection'
import styles from './ConnectionStatus.module.css'

/**
 * Says in the top bar when the server cannot be reached, and how many changes wait to be sent when it is back
 * (socket.io holds them meanwhile). The live region stays in place, so a screen reader hears both the loss and the
 * return.
 */
export function ConnectionStatus() {
  const { t } = useTranslation('shell')
  const { online, waiting } = useConnection()
  return (
    <div role="status" className={styles.region}>
      {online ? null : (
        <span className={styles.offline} data-testid="connection-state">
          <AlertIcon aria-hidden="true" />
          {t('connection.offline')}
          {waiting > 0 ? <span data-testid="connection-waiting"> · {t('connection.waiting', { count: waiting })}</span> : null}
        </span>
      )}
    </div>
  )
}
