import { useState } from 'react'
import { Button, FormControl, Textarea } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { formatDate, DATE_TIME } from '@portal/sdk/i18n'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { useRequestMessages } from '../../hooks/useThread'
import styles from './Requests.module.css'

/** A request's reply thread (live) with a reply field; each side writes with doc. */
export function RequestThread({ requestId, canWrite }: { requestId: number; canWrite: boolean }) {
  const { t } = useTranslation('requests')
  const { client, language } = useSession()
  const { notifyError } = useSnackbar()
  const state = useRequestMessages(requestId, notifyError)
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const send = async () => {
    if (!text.trim()) return
    setSending(true)
    try {
      await client.service('document-request-messages').create({ request_id: requestId, text })
      setText('')
    } catch (error) {
      notifyError(error)
    } finally {
      setSending(false)
    }
  }
  return (
    <div data-testid={`request-thread-${requestId}`}>
      <h4 className={styles.muted}>{t('thread.heading')}</h4>
      {state && state.items.length === 0 && !state.loading ? <p className={styles.muted}>{t('thread.empty')}</p> : null}
      <ul className={styles.thread} aria-live="polite">
        {state?.items.map((message) => (
          <li key={message.id} data-testid="request-message">
            <span className={styles.muted}>
              {message.author_name ?? '?'}, {formatDate(message.created_at, language, DATE_TIME)}:{' '}
            </span>
            {message.document_id !== null ? <a href={`/doc/${message.company_no}/${message.document_id}`}>{t('thread.uploaded', { id: message.document_id })}</a> : null}
            {message.text ? <span className={styles.text}> {message.text}</span> : null}
          </li>
        ))}
      </ul>
      {canWrite ? (
        <div className={styles.row}>
          <FormControl>
            <FormControl.Label>{t('thread.message')}</FormControl.Label>
            <Textarea value={text} rows={2} onChange={(event) => setText(event.target.value)} data-testid={`request-message-text-${requestId}`} />
          </FormControl>
          <Button onClick={() => void send()} disabled={sending || !text.trim()} data-testid={`request-message-send-${requestId}`}>
            {t('thread.send')}
          </Button>
        </div>
      ) : null}
    </div>
  )
}
