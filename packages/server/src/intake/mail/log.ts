import { intakeLogPath, type IntakeLogEntry } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { appendIntakeLog, type NewIntakeLogEntry } from '../../models/intake'

/** Logs a received mail and publishes the entry to its company's admins (live intake log). */
export async function logIntake(app: Application, entry: NewIntakeLogEntry): Promise<IntakeLogEntry> {
  const saved = await appendIntakeLog(app.get('knex'), entry)
  if (saved.company_no !== null) app.service(intakeLogPath).emit('created', saved)
  app.get('logger').info({ intake: { channel: saved.channel, company: saved.company_no, result: saved.result, reason: saved.reason?.key } }, 'mail received')
  return saved
}
