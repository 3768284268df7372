import { randomBytes } from 'node:crypto'
import type { Knex } from 'knex'
import { createI18n } from '@portal/sdk/i18n'
import type { PasswordSetup } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { tokenHash } from '../authentication/token-hash'
import { storeSetupToken } from '../models/user-admin'
import { mailerOf } from './mailer'

/** How long a one-time password link works. */
export const PASSWORD_LINK_HOURS = 72

/** The page that takes a one-time link (see http/password-setup.ts). */
export const PASSWORD_SETUP_PATH = '/password-setup'

/** A link made in a transaction, to deliver once the transaction has committed. */
export interface PendingPasswordLink {
  purpose: 'setup' | 'reset'
  email: string
  name: string
  locale: string
  link: string
  expiresAt: Date
}

/**
 * Makes a one-time link for a user to set their password (only its hash is stored; an earlier unused link of the
 * user stops working). Call in the change's transaction, then `deliverPasswordLink` after the commit.
 */
export async function makePasswordLink(
  app: Application,
  trx: Knex.Transaction,
  user: { id: string; email: string; firstName: string; lastName: string; locale?: string },
  purpose: PendingPasswordLink['purpose'],
): Promise<PendingPasswordLink> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + PASSWORD_LINK_HOURS * 3600_000)
  await storeSetupToken(trx, { token_hash: tokenHash(token), user_id: user.id, purpose, expires_at: expiresAt })
  const link = `${app.get('config').publicUrl}${PASSWORD_SETUP_PATH}?token=${token}`
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email
  return { purpose, email: user.email, name, locale: user.locale ?? 'en', link, expiresAt }
}

/**
 * Delivers a link: by e-mail when SMTP_URL is configured, otherwise (or when sending fails) it is answered once to
 * the administrator to pass on. Never logged.
 */
export async function deliverPasswordLink(app: Application, pending: PendingPasswordLink): Promise<PasswordSetup> {
  const expiresAt = pending.expiresAt.toISOString()
  const send = mailerOf(app.get('config').outgoingMail)
  if (send) {
    const t = createI18n({ lng: pending.locale === 'de' ? 'de' : 'en' }).getFixedT(null, 'users')
    const params = { name: pending.name, link: pending.link, hours: PASSWORD_LINK_HOURS }
    try {
      await send({
        to: pending.email,
        subject: t(pending.purpose === 'setup' ? 'setup.mailSubject' : 'setup.resetSubject'),
        text: t(pending.purpose === 'setup' ? 'setup.mailText' : 'setup.resetText', { ...params, interpolation: { escapeValue: false } }),
      })
      return { delivery: 'mail', expiresAt }
    } catch (error) {
      app.get('logger').warn({ err: error, to: pending.email }, 'sending a password link failed; it is shown to the administrator instead')
    }
  }
  return { delivery: 'link', link: pending.link, expiresAt }
}
