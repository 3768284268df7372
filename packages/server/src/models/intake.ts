import type { Knex } from 'knex'
import type { IntakeAttachment, IntakeLogEntry, Reason } from '@portal/sdk/services'

/** A company's e-mail intake as stored (a company without a row has intake off and no sender limit). */
export interface IntakeSettingsRow {
  company_no: number
  enabled: boolean
  allowed_senders: string[]
}

/** The intake settings of a company, or undefined when the company does not exist. */
export async function loadIntakeSettings(db: Knex, companyNo: number): Promise<IntakeSettingsRow | undefined> {
  const company = await db('companies').where({ company_no: companyNo }).first('company_no')
  if (!company) return undefined
  const row = await db('intake_settings').where({ company_no: companyNo }).first('enabled', 'allowed_senders')
  return { company_no: companyNo, enabled: Boolean(row?.enabled), allowed_senders: (row?.allowed_senders as string[] | undefined) ?? [] }
}

/** Writes a company's intake settings. */
export async function saveIntakeSettings(db: Knex, companyNo: number, changes: { enabled?: boolean; allowed_senders?: string[] }): Promise<void> {
  await db('intake_settings')
    .insert({ company_no: companyNo, ...changes })
    .onConflict('company_no')
    .merge(Object.keys(changes))
}

/** One received mail to log. */
export interface NewIntakeLogEntry {
  company_no: number | null
  channel: IntakeLogEntry['channel']
  sender: string
  recipient: string
  subject: string
  attachments: IntakeAttachment[]
  result: IntakeLogEntry['result']
  reason: Reason | null
}

function toEntry(row: Record<string, unknown>): IntakeLogEntry {
  return {
    id: Number(row.id),
    company_no: row.company_no === null ? null : Number(row.company_no),
    at: new Date(row.at as string).toISOString(),
    channel: row.channel as IntakeLogEntry['channel'],
    sender: String(row.sender),
    recipient: String(row.recipient),
    subject: String(row.subject),
    attachments: row.attachments as IntakeAttachment[],
    result: row.result as IntakeLogEntry['result'],
    reason: (row.reason as Reason | null) ?? null,
  }
}

/** Appends a received mail to the intake log; answers the entry. */
export async function appendIntakeLog(db: Knex, entry: NewIntakeLogEntry): Promise<IntakeLogEntry> {
  const [row] = (await db('intake_log')
    .insert({ ...entry, attachments: JSON.stringify(entry.attachments), reason: entry.reason ? JSON.stringify(entry.reason) : null })
    .returning('*')) as Record<string, unknown>[]
  return toEntry(row)
}

/** The newest intake log entries of a company. */
export async function recentIntakeLog(db: Knex, companyNo: number, limit: number): Promise<IntakeLogEntry[]> {
  const rows = (await db('intake_log').where({ company_no: companyNo }).orderBy('id', 'desc').limit(limit)) as Record<string, unknown>[]
  return rows.map(toEntry)
}
