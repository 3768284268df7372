/**
 * The scanner manager's forms as pure logic: the register form's checks and data, and the intake settings' list of
 * allowed senders. The same rules as the server's schemas, so a form never sends what the server would refuse.
 */
import type { Message } from '../i18n/types'
import type { ScannerRegistration } from '../services/scanners'

/** The register form as typed. */
export interface ScannerFormValues {
  location: string
  /** A company number as text ('' when none is chosen). */
  company: string
  /** E-mail addresses separated by commas, semicolons or line breaks. */
  users: string
}

/** One field of the register form. */
export type ScannerFormField = keyof ScannerFormValues

const EMAIL = /^[^@\s,;]+@[^@\s,;]+\.[^@\s,;]+$/
const SENDER = /^([^@\s]+@[^@\s]+\.[^@\s]+|@[^@\s]+\.[^@\s]+)$/

/** The entries of a list typed with commas, semicolons or line breaks between them (blanks dropped). */
export function listEntries(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
}

/** The register form's problems, by field; empty when it can be sent. */
export function scannerFormErrors(values: ScannerFormValues): Partial<Record<ScannerFormField, Message>> {
  const errors: Partial<Record<ScannerFormField, Message>> = {}
  if (values.location.trim() === '' || values.location.trim().length > 100) errors.location = { key: 'scanners:errors.locationRequired' }
  if (!/^\d{1,9}$/.test(values.company) || Number(values.company) < 1) errors.company = { key: 'scanners:errors.companyRequired' }
  const wrong = listEntries(values.users).find((entry) => !EMAIL.test(entry))
  if (wrong !== undefined) errors.users = { key: 'scanners:errors.badEmails', params: { value: wrong } }
  return errors
}

/** The data of scanner-registrations.create from a form without problems. */
export function scannerRegistrationData(values: ScannerFormValues): ScannerRegistration {
  const users = [...new Set(listEntries(values.users).map((email) => email.toLowerCase()))]
  return { location: values.location.trim(), company_no: Number(values.company), ...(users.length > 0 ? { users } : {}) }
}

/** The allowed senders typed one per line (or comma-separated): the list, or the first entry that is none. */
export function allowedSendersOf(text: string): { senders: string[]; error?: Message } {
  const entries = listEntries(text)
  const wrong = entries.find((entry) => !SENDER.test(entry))
  if (wrong !== undefined) return { senders: [], error: { key: 'scanners:errors.badSender', params: { value: wrong } } }
  return { senders: [...new Set(entries.map((entry) => entry.toLowerCase()))] }
}
