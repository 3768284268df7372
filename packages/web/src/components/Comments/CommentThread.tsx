import { useState } from 'react'
import { Button, FormControl, Textarea } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { formatDate, DATE_TIME } from '@portal/sdk/i18n'
import type { DocumentCommentRecord } from '@portal/sdk/services'
import { useCan } from '../../hooks/useCan'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { useDocumentComments } from '../../hooks/useThread'
import styles from './CommentThread.module.css'

/** One comment; its author edits or deletes it while the document is not booked. */
function CommentItem({ comment, mine, booked }: { comment: DocumentCommentRecord; mine: boolean; booked: boolean }) {
  const { t } = useTranslation('requests')
  const { client, language } = useSession()
  const { notifyError } = useSnackbar()
  const [editing, setEditing] = useState<string | null>(null)
  const run = async (call: () => Promise<unknown>) => {
    try {
      await call()
      setEditing(null)
    } catch (error) {
      notifyError(error)
    }
  }
  if (comment.removed_at) {
    return (
      <li className={styles.removed} data-testid="comment">
        {t('comments.removed')} · {comment.author_name ?? '?'}, {formatDate(comment.removed_at, language, DATE_TIME)}
      </li>
    )
  }
  return (
    <li className={styles.comment} data-testid="comment">
      <div className={styles.meta}>
        <strong>{comment.author_name ?? '?'}</strong> · {formatDate(comment.created_at, language, DATE_TIME)}
        {comment.edited_at ? ` · ${t('comments.edited')}` : ''}
      </div>
      {editing === null ? (
        <p className={styles.text}>{comment.text}</p>
      ) : (
        <FormControl>
          <FormControl.Label>{t('comments.label')}</FormControl.Label>
          <Textarea value={editing} rows={3} block onChange={(event) => setEditing(event.target.value)} data-testid={`comment-edit-text-${comment.id}`} />
        </FormControl>
      )}
      {comment.mentions.length > 0 ? <p className={styles.meta}>{t('comments.mentions', { names: comment.mentions.map((mention) => mention.name).join(', ') })}</p> : null}
      {mine && !booked ? (
        <div className={styles.actions}>
          {editing === null ? (
            <>
              <Button size="small" onClick={() => setEditing(comment.text)} data-testid={`comment-edit-${comment.id}`}>
                {t('comments.edit')}
              </Button>
              <Button
                size="small"
                variant="danger"
                onClick={() => window.confirm(t('comments.removeConfirm')) && void run(() => client.service('document-comments').remove(comment.id))}
                data-testid={`comment-remove-${comment.id}`}
              >
                {t('comments.remove')}
              </Button>
            </>
          ) : (
            <>
              <Button size="small" variant="primary" disabled={!editing.trim()} onClick={() => void run(() => client.service('document-comments').patch(comment.id, { text: editing }))} data-testid={`comment-save-${comment.id}`}>
                {t('comments.save')}
              </Button>
              <Button size="small" onClick={() => setEditing(null)}>
                {t('comments.cancel')}
              </Button>
            </>
          )}
        </div>
      ) : null}
    </li>
  )
}

/**
 * A document's comment thread (the document view and the booking), live for everyone who may see the document;
 * "@First Last" mentions a person of the company. On a booked document comments are added, never changed (BAO).
 */
export function CommentThread({ documentId, companyNo, booked }: { documentId: number; companyNo: number; booked: boolean }) {
  const { t } = useTranslation('requests')
  const { client, user } = useSession()
  const { notifyError } = useSnackbar()
  const state = useDocumentComments(documentId, notifyError)
  const canAdd = useCan('document-comments', 'create', { companyNo })
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const add = async () => {
    if (!text.trim()) return
    setBusy(true)
    try {
      await client.service('document-comments').create({ document_id: documentId, text })
      setText('')
    } catch (error) {
      notifyError(error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className={styles.thread} aria-labelledby={`comments-heading-${documentId}`} data-testid="comment-thread">
      <h3 id={`comments-heading-${documentId}`}>{t('comments.heading')}</h3>
      {booked ? <p className={styles.meta}>{t('comments.booked')}</p> : null}
      {state && !state.loading && state.items.length === 0 ? <p className={styles.meta}>{t('comments.empty')}</p> : null}
      <ul className={styles.list} aria-live="polite">
        {state?.items.map((comment) => (
          <CommentItem key={comment.id} comment={comment} mine={comment.author_key === user.keycloakId} booked={booked} />
        ))}
      </ul>
      {canAdd ? (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            void add()
          }}
        >
          <FormControl>
            <FormControl.Label>{t('comments.label')}</FormControl.Label>
            <Textarea
              value={text}
              rows={2}
              block
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                  event.preventDefault()
                  void add()
                }
              }}
              aria-keyshortcuts="Control+Enter"
              data-testid="comment-text"
            />
            <FormControl.Caption>{t('comments.hint')}</FormControl.Caption>
          </FormControl>
          <div className={styles.actions}>
            <Button type="submit" disabled={busy || !text.trim()} data-testid="comment-add">
              {t('comments.add')}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  )
}
