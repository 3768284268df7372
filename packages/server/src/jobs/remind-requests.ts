import { reminderDue, REQUEST_ANSWER_RIGHTS, REQUEST_STAFF_RIGHTS, viennaToday } from '@portal/sdk/domain'
import { createI18n, formatDate } from '@portal/sdk/i18n'
import type { Application } from '../declarations'
import { mailerOf } from '../accounts/mailer'
import { emitRequest } from '../commands/requests/emitRequest'
import { peopleOfCompany, type CompanyPerson } from '../models/company-people'
import { claimReminder, openRequestsDue, releaseReminder } from '../models/document-requests'
import { runPeriodically } from './periodic'

/** How often the reminder check runs (a request is reminded at most once a day: intervals are whole days). */
export const REMIND_INTERVAL_MS = 60 * 60 * 1000

/** One reminder sent: which request, to whom. */
export interface SentReminder {
  requestId: number
  to: string
}

/** Who is reminded of a company's request: its people who answer (`doc`) and are not the firm's staff (`acc`). */
function answersRequests(person: CompanyPerson): boolean {
  const holds = (rights: readonly string[]) => rights.some((right) => person.permissions.includes(right))
  return holds(REQUEST_ANSWER_RIGHTS) && !holds(REQUEST_STAFF_RIGHTS)
}

/**
 * The reminder job: every request still open at its due date is reminded by e-mail to the company's people, each in
 * their language, again after the company's interval (`request_reminder_days`, 0: never); each reminder is recorded
 * before its mail goes out, once per person and day even with several servers (the firm sees who was reminded when),
 * and the request's `patched` goes to the company. Without SMTP_URL nothing is
 * sent (the requests screen says so). `now` is the clock (a test fixes it).
 */
export async function remindDueRequests(props: { app: Application; now?: () => Date }): Promise<SentReminder[]> {
  const { app } = props
  const send = mailerOf(app.get('config').outgoingMail)
  if (!send) return []
  const knex = app.get('knex')
  const now = (props.now ?? (() => new Date()))()
  const today = viennaToday(now)
  const sent: SentReminder[] = []
  for (const request of await openRequestsDue(knex, today)) {
    if (!reminderDue({ status: 'open', dueDate: request.dueDate, lastReminded: request.lastReminded === null ? null : viennaToday(new Date(request.lastReminded)), intervalDays: request.intervalDays, today })) continue
    let reminded = false
    for (const person of (await peopleOfCompany(knex, request.companyNo)).filter(answersRequests)) {
      const claim = { requestId: request.id, companyNo: request.companyNo, recipientId: person.id, recipientName: person.name, recipientEmail: person.email, at: now, day: today }
      if (!(await claimReminder(knex, claim))) continue
      const t = createI18n({ lng: person.locale }).getFixedT(null, 'requests')
      try {
        await send({
          to: person.email,
          subject: t('reminders.mailSubject'),
          text: t('reminders.mailBody', { name: person.name, date: formatDate(request.dueDate, person.locale), text: request.text, url: `${app.get('config').publicUrl}/requests/${request.companyNo}`, interpolation: { escapeValue: false } }),
        })
      } catch (error) {
        await releaseReminder(knex, claim)
        app.get('logger').warn({ err: error, requestId: request.id }, 'sending a request reminder failed; the next run tries again')
        continue
      }
      sent.push({ requestId: request.id, to: person.email })
      reminded = true
    }
    if (reminded) await emitRequest(app, request.id, 'patched')
  }
  return sent
}

/** Runs the reminder check now and every REMIND_INTERVAL_MS until the returned stop is called. */
export function scheduleRequestReminders(app: Application, intervalMs = REMIND_INTERVAL_MS): () => void {
  return runPeriodically(app, { intervalMs, work: () => remindDueRequests({ app }), failure: 'the request reminders failed' })
}
