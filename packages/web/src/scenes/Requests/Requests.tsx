import { useEffect, useState } from 'react'
import { Banner, Button, FormControl, Select, Textarea, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { MAX_REMINDER_DAYS, REQUEST_KINDS, viennaToday, type RequestKind } from '@portal/sdk/domain'
import { addDays, DEFAULT_REQUEST_DUE_DAYS, REQUEST_FILTERS, type RequestFilter } from '@portal/sdk/state'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import { RequestItem } from '../../components/Requests/RequestItem'
import { useCan } from '../../hooks/useCan'
import { useCompany } from '../../hooks/useCompany'
import { useRequests } from '../../hooks/useRequests'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import styles from '../../components/Requests/Requests.module.css'

/** Staff ask the company for a document or an answer (a bank transaction's receipt is asked from the banking screen). */
function NewRequest({ companyNo }: { companyNo: number }) {
  const { t } = useTranslation('requests')
  const { client } = useSession()
  const { notify, notifyError } = useSnackbar()
  const [kind, setKind] = useState<Exclude<RequestKind, 'transaction'>>('document')
  const [text, setText] = useState('')
  const [due, setDue] = useState(() => addDays(viennaToday(), DEFAULT_REQUEST_DUE_DAYS))
  const [busy, setBusy] = useState(false)
  const submit = async () => {
    setBusy(true)
    try {
      await client.service('document-requests').create({ company_no: companyNo, kind, text, due_date: due })
      setText('')
      notify({ kind: 'success', text: t('create.created') })
    } catch (error) {
      notifyError(error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <form
      className={styles.section}
      aria-labelledby="new-request-heading"
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <h2 id="new-request-heading">{t('create.heading')}</h2>
      <div className={styles.row}>
        <FormControl>
          <FormControl.Label>{t('create.kind')}</FormControl.Label>
          <Select value={kind} onChange={(event) => setKind(event.target.value as typeof kind)} data-testid="request-kind">
            {REQUEST_KINDS.filter((value) => value !== 'transaction').map((value) => (
              <Select.Option key={value} value={value}>
                {t(`kind.${value}`)}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <FormControl required>
          <FormControl.Label>{t('create.due')}</FormControl.Label>
          <TextInput type="date" value={due} onChange={(event) => setDue(event.target.value)} data-testid="request-due" />
        </FormControl>
      </div>
      <FormControl required>
        <FormControl.Label>{t('create.text')}</FormControl.Label>
        <Textarea value={text} rows={3} block onChange={(event) => setText(event.target.value)} data-testid="request-text" />
      </FormControl>
      <div className={styles.row}>
        <Button type="submit" variant="primary" disabled={busy || !text.trim() || !due} data-testid="request-submit">
          {t('create.submit')}
        </Button>
      </div>
    </form>
  )
}

/** How often the company's open requests are reminded (adm: company settings), and whether mail can go out at all. */
function Reminders({ companyNo }: { companyNo: number }) {
  const { t } = useTranslation('requests')
  const { client, config } = useSession()
  const { notify, notifyError } = useSnackbar()
  const canChange = useCan('company-settings', 'patch', { companyNo })
  const [days, setDays] = useState<string>('')
  useEffect(() => {
    let current = true
    client
      .service('company-settings')
      .find({ query: { client: companyNo } })
      .then(([settings]) => current && settings && setDays(String(settings.request_reminder_days)))
      .catch(notifyError)
    return () => {
      current = false
    }
  }, [client, companyNo, notifyError])
  const valid = /^\d{1,2}$/.test(days) && Number(days) <= MAX_REMINDER_DAYS
  const save = async () => {
    try {
      await client.service('company-settings').patch(companyNo, { request_reminder_days: Number(days) })
      notify({ kind: 'success', text: t('reminders.saved') })
    } catch (error) {
      notifyError(error)
    }
  }
  return (
    <section className={styles.section} aria-labelledby="request-reminders-heading">
      <h2 id="request-reminders-heading">{t('reminders.heading')}</h2>
      {config.outgoingMail === false ? (
        <Banner variant="warning" title={t('reminders.noMail')} hideTitle description={t('reminders.noMail')} data-testid="requests-no-mail" />
      ) : null}
      <div className={styles.row}>
        <FormControl disabled={!canChange}>
          <FormControl.Label>{t('reminders.every')}</FormControl.Label>
          <TextInput inputMode="numeric" value={days} onChange={(event) => setDays(event.target.value)} trailingVisual={t('reminders.days')} data-testid="request-reminder-days" />
          {valid || days === '' ? null : <FormControl.Validation variant="error">0–{MAX_REMINDER_DAYS}</FormControl.Validation>}
        </FormControl>
        {canChange ? (
          <Button onClick={() => void save()} disabled={!valid} data-testid="request-reminder-save">
            {t('reminders.save')}
          </Button>
        ) : null}
      </div>
    </section>
  )
}

/**
 * Requests (`/requests/{client}`, issue 34): the company's requests for documents, live, with the filter; staff (acc)
 * ask and close, see who was reminded when and the reminder setting; the company answers (docs/requests-and-comments.md).
 */
export function RequestsScene() {
  const { t } = useTranslation('requests')
  const { t: tShell } = useTranslation('shell')
  const { client: companyNo } = useCompany()
  const { notifyError } = useSnackbar()
  const [filter, setFilter] = useState<RequestFilter>('active')
  const state = useRequests(companyNo, filter, notifyError)
  const canCreate = useCan('document-requests', 'create', { companyNo })
  return (
    <PageFrame title={tShell('routes.requests', { defaultValue: t('title') })} testId="scene-requests">
      {/* Staff ask; the company's people answer: each is told what the screen is for them. */}
      <p>{canCreate ? t('intro') : t('introCompany')}</p>
      {canCreate ? <NewRequest companyNo={companyNo} /> : null}
      {canCreate ? <Reminders companyNo={companyNo} /> : null}
      <section className={styles.section} aria-labelledby="requests-list-heading">
        <h2 id="requests-list-heading">{t('list.heading')}</h2>
        <FormControl>
          <FormControl.Label>{t('list.filter')}</FormControl.Label>
          <Select value={filter} onChange={(event) => setFilter(event.target.value as RequestFilter)} data-testid="requests-filter">
            {REQUEST_FILTERS.map((value) => (
              <Select.Option key={value} value={value}>
                {t(`list.filters.${value}`)}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        {state && !state.loading && state.items.length === 0 ? <p className={styles.muted}>{t('list.empty')}</p> : null}
        <ul className={styles.list} data-testid="requests-list">
          {state?.items.map((request) => (
            <RequestItem key={request.id} request={request} />
          ))}
        </ul>
      </section>
    </PageFrame>
  )
}
