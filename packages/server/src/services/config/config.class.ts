import type { Config } from '@portal/sdk/services'
import { DEFAULT_ACCOUNT_SYSTEM } from '../shared/account-system'

/** The backend config: branding, documentation link and the accounting system (SPEC §3, §7). */
export class ConfigService {
  constructor(
    private readonly publicUrl: string,
    /** OIDC_ISSUER: an external provider owns passwords and second factors (the user admin explains it). */
    private readonly externalIssuer?: string,
    /** SMTP_URL is set: reminders and mention notices go out by e-mail (the requests screen says when not). */
    private readonly outgoingMail = false,
  ) {}

  /** Answers the config object. */
  async find(): Promise<Config> {
    return {
      brandShort: 'Portal',
      brandName: 'Portal – Kanzleiportal',
      slogans: {
        en: 'Your documents, read, checked and booked.',
        de: 'Ihre Belege – gelesen, geprüft und verbucht.',
      },
      // The documentation link takes a provider query parameter (SPEC §9).
      docUrl: `${this.publicUrl}/docs/?provider=portal`,
      defaultAccountSystem: DEFAULT_ACCOUNT_SYSTEM,
      outgoingMail: this.outgoingMail,
      ...(this.externalIssuer ? { externalIssuer: this.externalIssuer } : {}),
    }
  }
}
