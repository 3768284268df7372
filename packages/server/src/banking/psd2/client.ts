import { bankingSettings } from '../settings'
import { GoCardlessClient } from './gocardless'

/** The configured provider's client (BANK_PSD2_URL, BANK_PSD2_SECRET_ID, BANK_PSD2_SECRET_KEY); throws when it is off. */
export function psd2Client(): GoCardlessClient {
  const settings = bankingSettings().psd2
  if (!settings) throw new Error('the PSD2 provider is not configured')
  return new GoCardlessClient(settings)
}

/** Where the provider sends the client back after consenting: the portal's own address. */
export function psd2Redirect(): string {
  return (process.env.PUBLIC_URL ?? 'http://localhost:3030').replace(/\/$/, '')
}
