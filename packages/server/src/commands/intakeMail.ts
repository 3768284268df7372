import { Readable } from 'node:stream'
import { simpleParser, type AddressObject, type Attachment, type ParsedMail } from 'mailparser'
import { type IntakeAttachment, type IntakeLogEntry, type Reason } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { documentStore } from '../documents/runtime'
import { intakeDocument } from './intakeDocument'
import { intakeUser } from '../intake/intake-user'
import { intakeGate } from '../intake/mail/gate'
import { senderAllowed } from '../intake/mail/address'
import { logIntake } from '../intake/mail/log'

/** Props of intakeMail. */
export interface IntakeMailProps {
  app: Application
  channel: IntakeLogEntry['channel']
  /** The whole message as received (RFC 5322); only its head when `tooLarge`. */
  source: Buffer
  /** The mail was over MAX_INTAKE_MAIL_MB: it is refused whole and `source` holds its head for the log. */
  tooLarge?: boolean
  /** Envelope recipient (SMTP RCPT TO); for a polled mailbox the intake address found in the mail's headers. */
  recipient: string
  /** Envelope sender (SMTP MAIL FROM), used when the mail has no From header. */
  envelopeSender?: string
}

const CONTROL = /\p{Cc}/gu

/** An attachment's name as the documents show it (control characters dropped, never empty). */
function attachmentName(attachment: Attachment, index: number): string {
  const name = (attachment.filename ?? '').replace(CONTROL, '').trim()
  return name === '' ? `attachment-${index + 1}` : name
}

/** The attachments that are files of their own: pictures embedded in the HTML body (logos, signatures) are not. */
function deliveredFiles(mail: ParsedMail): Attachment[] {
  return mail.attachments.filter((attachment) => !attachment.related)
}

const firstAddress = (field: AddressObject | AddressObject[] | undefined): string | undefined =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((object) => object.value).find((entry) => entry.address)?.address

/** Takes one attachment in as a document of the company, by the same door as an upload. */
async function takeInAttachment(app: Application, companyNo: number, attachment: Attachment, index: number): Promise<IntakeAttachment> {
  const name = attachmentName(attachment, index)
  const maxBytes = app.get('config').maxUploadBytes
  const staged = await documentStore(app).stage(Readable.from([attachment.content]), maxBytes)
  if (!staged) return { name, status: 'refused', error: { key: 'documents:refusal.tooLarge', params: { file: name, max: maxBytes } } }
  const user = intakeUser(companyNo, { id: 'mail-intake', name: 'E-Mail' })
  const result = await intakeDocument({ app, user, companyNo, fileName: name, staged })
  if (result.status === 'refused') return { name, status: 'refused', error: { key: result.error.key, params: result.error.params } }
  if (result.status === 'exists') return { name, status: 'exists', documentId: result.documentId, error: { key: result.error.key, params: result.error.params } }
  return { name, status: 'uploaded', documentId: result.documentId }
}

/** The mail's outcome from its attachments': all taken (or already there), some, or none. */
function resultOf(attachments: IntakeAttachment[]): IntakeLogEntry['result'] {
  const taken = attachments.filter((attachment) => attachment.status === 'uploaded' || attachment.status === 'exists').length
  if (taken === 0) return 'refused'
  return taken === attachments.length ? 'accepted' : 'partial'
}

/**
 * Takes in one received mail for one intake address (issue 14): every PDF, image and e-invoice XML attached becomes a
 * document of the address's company through intakeDocument (the checks of the upload: type by content, size, pages;
 * 'Document already exists' for a repeat); other files are refused by name. An unknown address, a sender not on the
 * company's allowed list or a mail over the size limit is refused whole, with nothing stored. Every mail is logged
 * (intake-log, published live to the company's admins); the answer is the log entry.
 */
export async function intakeMail(props: IntakeMailProps): Promise<IntakeLogEntry> {
  const { app } = props
  const mail = await simpleParser(props.source, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true })
  const sender = firstAddress(mail.from) ?? props.envelopeSender ?? ''
  const base = { channel: props.channel, sender, recipient: props.recipient, subject: (mail.subject ?? '').slice(0, 500) }
  const refuse = (companyNo: number | null, reason: Reason, attachments: IntakeAttachment[] = []) =>
    logIntake(app, { ...base, company_no: companyNo, attachments, result: 'refused', reason })

  const gate = await intakeGate(app, props.recipient)
  if (!gate.open) return refuse(gate.companyNo, gate.reason)
  const { companyNo } = gate
  if (props.tooLarge) {
    const max = app.get('config').mailIntake.maxMailBytes
    return refuse(companyNo, { key: 'scanners:mail.tooLarge', params: { max, maxMb: Math.floor(max / 1024 / 1024) } })
  }
  if (!senderAllowed(gate.settings.allowed_senders, sender)) return refuse(companyNo, { key: 'scanners:mail.senderNotAllowed', params: { sender } })
  const files = deliveredFiles(mail)
  if (files.length === 0) return refuse(companyNo, { key: 'scanners:mail.noAttachments', params: {} })
  const attachments: IntakeAttachment[] = []
  // One after the other, like an upload's files: each is checked and stored (or refused) whole on its own.
  for (const [index, file] of files.entries()) attachments.push(await takeInAttachment(app, companyNo, file, index))
  return logIntake(app, { ...base, company_no: companyNo, attachments, result: resultOf(attachments), reason: null })
}
