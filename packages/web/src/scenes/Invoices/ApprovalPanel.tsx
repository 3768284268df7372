import { useCallback, useEffect, useState } from 'react'
import { Button, FormControl, Textarea } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { dateFormat } from '@portal/sdk/i18n'
import type { ApprovalAction } from '@portal/sdk/domain'
import { errorDataOf } from '@portal/sdk/errors'
import type { DocumentApproval } from '@portal/sdk/services'
import { useCan } from '../../hooks/useCan'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import styles from './Invoices.module.css'

/** Props of ApprovalPanel. */
export interface ApprovalPanelProps {
  documentId: number
  companyNo: number
}

/**
 * The approval of an incoming invoice (docs/payments.md): its state, how many people must approve, the history of
 * steps (who, when, for whom, reason or question), and, with `app`, approve, reject with a reason or ask a question.
 * Kept current by the steps colleagues take (document-approvals events).
 */
export function ApprovalPanel({ documentId, companyNo }: ApprovalPanelProps) {
  const { t } = useTranslation('unpaid')
  const { t: tAll } = useTranslation()
  const { client, language } = useSession()
  const { notify } = useSnackbar()
  const mayDecide = useCan('document-approvals', 'create', { companyNo })
  const [approval, setApproval] = useState<DocumentApproval | null>(null)
  const [writing, setWriting] = useState<'reject' | 'question' | null>(null)
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const when = dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' })

  const load = useCallback(async () => setApproval(await client.service('document-approvals').find({ query: { document_id: documentId } })), [client, documentId])
  useEffect(() => {
    void load().catch(() => undefined)
    const service = client.service('document-approvals') as unknown as { on(event: string, listener: (record: DocumentApproval) => void): void; off(event: string, listener: (record: DocumentApproval) => void): void }
    const onStep = (record: DocumentApproval) => {
      if (record.document_id === documentId) setApproval(record)
    }
    service.on('created', onStep)
    return () => service.off('created', onStep)
  }, [client, documentId, load])

  const decide = async (action: ApprovalAction) => {
    setBusy(true)
    try {
      const answer = await client.service('document-approvals').create({ document_id: documentId, action, ...(text.trim() ? { text: text.trim() } : {}) })
      setApproval(answer)
      setWriting(null)
      setText('')
      notify({ kind: 'success', text: t('approval.saved', { state: t(`approval.state.${answer.state}`) }) })
    } catch (error) {
      const data = errorDataOf(error)
      notify({ kind: 'error', text: data ? tAll(data.key, { ...data.params, defaultValue: (error as Error).message }) : (error as Error).message })
    } finally {
      setBusy(false)
    }
  }

  if (!approval) return null
  return (
    <section className={styles.historyPanel} aria-labelledby="approval-heading" data-testid="approval-panel">
      <h3 id="approval-heading">
        {t('approval.heading')}: <span data-testid="approval-state">{t(`approval.state.${approval.state}`)}</span>
      </h3>
      <p className={styles.muted}>{t(`approval.needed.${approval.needed}`)}</p>
      {mayDecide && approval.state !== 'approved' ? (
        <div className={styles.approvalActions}>
          <Button variant="primary" onClick={() => void decide('approve')} disabled={busy} data-testid="approval-approve">
            {t('approval.approve')}
          </Button>
          <Button onClick={() => setWriting(writing === 'reject' ? null : 'reject')} disabled={busy} data-testid="approval-reject" aria-expanded={writing === 'reject'}>
            {t('approval.reject')}
          </Button>
          <Button onClick={() => setWriting(writing === 'question' ? null : 'question')} disabled={busy} data-testid="approval-ask" aria-expanded={writing === 'question'}>
            {t('approval.ask')}
          </Button>
        </div>
      ) : null}
      {writing ? (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            void decide(writing)
          }}
        >
          <FormControl required>
            <FormControl.Label>{writing === 'reject' ? t('approval.reason') : t('approval.question')}</FormControl.Label>
            <Textarea value={text} onChange={(event) => setText(event.target.value)} rows={3} data-testid="approval-text" />
          </FormControl>
          <Button type="submit" disabled={busy || !text.trim()} data-testid="approval-send">
            {t('approval.send')}
          </Button>
        </form>
      ) : null}
      <h4>{t('approval.history')}</h4>
      {approval.steps.length === 0 ? (
        <p className={styles.muted}>{t('approval.noSteps')}</p>
      ) : (
        <ol className={styles.history} data-testid="approval-steps">
          {approval.steps.map((step) => (
            <li key={step.id} data-testid="approval-step" data-action={step.action}>
              <span className={styles.historyWhat}>
                {t(`approval.step.${step.action}`, { who: step.user_name ?? '?' })}
                {step.on_behalf_of_name ? ` (${t('approval.onBehalf', { who: step.on_behalf_of_name })})` : ''}
                {step.text ? `: ${step.text}` : ''}
              </span>
              <span className={styles.historyWho}>{when.format(new Date(step.created_at))}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
