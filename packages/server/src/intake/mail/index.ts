import type { Application } from '../../declarations'
import { startImapIntake } from './imap-poller'
import { startSmtpIntake } from './smtp-listener'

/** The running ways in of the e-mail intake. */
export interface MailIntake {
  /** The SMTP listener's port, when it runs. */
  smtpPort: number | undefined
  close(): Promise<void>
}

/** Starts the SMTP listener (SMTP_INTAKE_PORT) and the IMAP poller (IMAP_INTAKE_URL) when configured; both are off by default. */
export async function startMailIntake(app: Application): Promise<MailIntake> {
  const { smtpPort, imapUrl } = app.get('config').mailIntake
  const smtp = smtpPort === undefined ? undefined : await startSmtpIntake(app)
  const imap = imapUrl === undefined ? undefined : startImapIntake(app)
  return {
    smtpPort: smtp?.port,
    close: async () => {
      await Promise.all([smtp?.close(), imap?.close()])
    },
  }
}
