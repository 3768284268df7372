import { useRef, useState } from 'react'
import { Button, FormControl, Label, Textarea } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { isOverdue, REQUEST_ANSWER_RIGHTS, REQUEST_STAFF_RIGHTS, viennaToday } from '@portal/sdk/domain'
import { formatAmount, formatDate, DATE_TIME } from '@portal/sdk/i18n'
import type { DocumentRequestRecord } from '@portal/sdk/services'
import { uploadFile } from '../UploadArea/uploadFile'
import { useAccessToken } from '../../hooks/useAccessToken'
import { useCan } from '../../hooks/useCan'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { RequestThread } from './RequestThread'
import styles from './Requests.module.css'

/**
 * One request: what is asked (a bank transaction's facts), due date (overdue marked), status, answer, who was reminded
 * when; the company answers with a text or an upload, staff close it; the thread opens below. Each action is offered
 * only when the policy would allow it (useCan with the rights the patch's fields take).
 */
export function RequestItem({ request, showCompany = false }: { request: DocumentRequestRecord; showCompany?: boolean }) {
  const { t } = useTranslation('requests')
  const { client, language } = useSession()
  const { notify, notifyError } = useSnackbar()
  const token = useAccessToken(client)
  const target = { companyNo: request.company_no }
  const canAnswer = useCan('document-requests', 'patch', { ...target, requires: REQUEST_ANSWER_RIGHTS }) && request.status !== 'closed'
  const canClose = useCan('document-requests', 'patch', { ...target, requires: REQUEST_STAFF_RIGHTS }) && request.status !== 'closed'
  const canWrite = useCan('document-request-messages', 'create', target)
  const [answer, setAnswer] = useState('')
  const [busy, setBusy] = useState(false)
  const [threadOpen, setThreadOpen] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const overdue = isOverdue(request, viennaToday())
  const last = request.reminders.at(-1)

  const act = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await call()
      notify({ kind: 'success', text: t(done) })
      return true
    } catch (error) {
      notifyError(error)
      return false
    } finally {
      setBusy(false)
    }
  }
  const sendAnswer = async () => {
    if (await act(() => client.service('document-requests').patch(request.id, { answer }), 'answer.sent')) setAnswer('')
  }
  const upload = async (file: File) => {
    await act(async () => {
      const result = await uploadFile({ file, companyNo: request.company_no, token: await token(), onProgress: () => undefined })
      if (result.documentId === undefined) throw Object.assign(new Error(result.status), { code: 400, data: result.error ?? { key: 'errors:document.uploadFailed', params: {} } })
      await client.service('document-requests').patch(request.id, { document_id: result.documentId })
    }, 'answer.uploaded')
  }
  const tx = request.transaction
  return (
    <li className={styles.item} data-testid={`request-${request.id}`} aria-labelledby={`request-${request.id}-title`}>
      <div className={styles.head}>
        <strong id={`request-${request.id}-title`}>
          {t(`kind.${request.kind}`)} · {t('landing.due', { date: formatDate(request.due_date, language) })}
        </strong>
        <Label variant={request.status === 'closed' ? 'secondary' : request.status === 'answered' ? 'success' : 'attention'} data-testid="request-status">
          {t(`status.${request.status}`)}
        </Label>
        {overdue ? <span className={styles.overdue}>{t('overdue')}</span> : null}
        {showCompany ? <span className={styles.muted}>{t('list.company')} {request.company_no}</span> : null}
      </div>
      <p className={styles.text}>{request.text}</p>
      {tx ? (
        <p className={styles.muted}>
          {t('create.transaction', { date: formatDate(tx.booking_date, language), amount: formatAmount(tx.amount, language, tx.currency), counterparty: tx.counterparty_name ?? '–' })}
        </p>
      ) : null}
      {request.answer || request.document_id !== null ? (
        <p data-testid="request-answer">
          <span className={styles.muted}>
            {t('list.answer')} ({request.answered_by_name ?? '?'}{request.answered_at ? `, ${formatDate(request.answered_at, language, DATE_TIME)}` : ''}):{' '}
          </span>
          {request.document_id !== null ? <a href={`/doc/${request.company_no}/${request.document_id}`}>{t('list.document', { id: request.document_id })}</a> : null}{' '}
          {request.answer}
        </p>
      ) : null}
      <p className={styles.muted} data-testid="request-reminded">
        {t('list.reminded')}: {last ? t('list.remindedAt', { name: last.recipient_name, date: formatDate(last.at, language, DATE_TIME) }) : t('list.never')}
        {request.reminders.length > 1 ? ` (${request.reminders.length})` : ''}
      </p>
      {canAnswer ? (
        <div className={styles.row}>
          <FormControl>
            <FormControl.Label>{t('answer.text')}</FormControl.Label>
            <Textarea value={answer} rows={2} onChange={(event) => setAnswer(event.target.value)} data-testid={`request-answer-text-${request.id}`} />
          </FormControl>
          <Button onClick={() => void sendAnswer()} disabled={busy || !answer.trim()} data-testid={`request-answer-send-${request.id}`}>
            {t('answer.send')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            className={styles.fileInput}
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const file = event.target.files?.[0]
              event.target.value = ''
              if (file) void upload(file)
            }}
            data-testid={`request-upload-input-${request.id}`}
          />
          <Button onClick={() => fileInput.current?.click()} disabled={busy} data-testid={`request-upload-${request.id}`}>
            {t('answer.upload')}
          </Button>
        </div>
      ) : null}
      <div className={styles.row}>
        <Button variant="invisible" aria-expanded={threadOpen} onClick={() => setThreadOpen(!threadOpen)} data-testid={`request-thread-toggle-${request.id}`}>
          {t('thread.show', { count: request.messages })}
        </Button>
        {canClose ? (
          <Button onClick={() => void act(() => client.service('document-requests').patch(request.id, { status: 'closed' }), 'closed')} disabled={busy} data-testid={`request-close-${request.id}`}>
            {t('close')}
          </Button>
        ) : null}
      </div>
      {threadOpen ? <RequestThread requestId={request.id} canWrite={canWrite} /> : null}
    </li>
  )
}
