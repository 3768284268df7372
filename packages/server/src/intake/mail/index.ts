import type { Application } from '../../declarations'

/** The running ways in of the e-mail intake. */
export interface MailIntake {
  /** The SMTP listener's port, when it runs. */
  smtpPort: number | undefined
  close(): Promise<void>
}

/**
 * Starts the SMTP listener (SMTP_INTAKE_PORT) and the IMAP poller (IMAP_INTAKE_URL) when configured; both are off by
 * default, and their mail libraries load only then.
 */
export async function startMailIntake(app: Application): Promise<MailIntake> {
  const { smtpPort, imapUrl } = app.get('config').mailIntake
  const smtp = smtpPort === undefined ? undefined : await (await import('./smtp-listener')).startSmtpIntake(app)
  const imap = imapUrl === undefined ? undefined : (await import('./imap-poller')).startImapIntake(app)
  return {
    smtpPort: smtp?.port,
    close: async () => {
      await Promise.all([smtp?.close(), imap?.close()])
    },
  }
}
