import { createI18n } from '@portal/sdk/i18n'
import type { Application } from '../../declarations'
import { mailerOf } from '../../accounts/mailer'
import { takeUnnotifiedMentions } from '../../models/document-comments'
import type { CompanyPerson } from '../../models/company-people'

/**
 * Tells each person a comment mentions, once, by e-mail in their language with a link to the document (SMTP_URL);
 * without a mail server the mention stays on the comment for everyone to see and nobody is mailed.
 */
export async function notifyMentions(props: { app: Application; commentId: number; documentId: number; companyNo: number; author: string | null; text: string; people: CompanyPerson[] }): Promise<void> {
  const { app } = props
  const send = mailerOf(app.get('config').outgoingMail)
  if (!send || props.people.length === 0) return
  const due = new Set(await takeUnnotifiedMentions(app.get('knex'), props.commentId))
  for (const person of props.people.filter((candidate) => due.has(candidate.id))) {
    const t = createI18n({ lng: person.locale }).getFixedT(null, 'requests')
    const params = { name: props.author ?? '?', recipient: person.name, id: props.documentId, text: props.text, url: `${app.get('config').publicUrl}/doc/${props.companyNo}/${props.documentId}`, interpolation: { escapeValue: false } }
    try {
      await send({ to: person.email, subject: t('comments.mailSubject', params), text: t('comments.mailBody', params) })
    } catch (error) {
      app.get('logger').warn({ err: error, commentId: props.commentId }, 'telling a mentioned person failed')
    }
  }
}
