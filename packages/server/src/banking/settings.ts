/**
 * Banking settings from the environment:
 * - BANK_AUTO_MATCH: the confidence (0–1) from which a proposal settles by itself, or `off` (default 0.9);
 * - BANK_PSD2_URL, BANK_PSD2_SECRET_ID, BANK_PSD2_SECRET_KEY: the account-information provider (GoCardless Bank Account
 *   Data API); without them, accounts are fed by statement files only.
 */
export interface BankingSettings {
  autoMatch: number | null
  psd2: { url: string; secretId: string; secretKey: string; redirect: string } | null
}

/** Reads and checks the banking settings (a wrong value stops the start with the variable named). */
export function bankingSettings(env: NodeJS.ProcessEnv = process.env): BankingSettings {
  const raw = (env.BANK_AUTO_MATCH ?? '').trim()
  let autoMatch: number | null = 0.9
  if (raw === 'off') autoMatch = null
  else if (raw !== '') {
    autoMatch = Number(raw)
    if (!Number.isFinite(autoMatch) || autoMatch < 0 || autoMatch > 1) throw new Error(`BANK_AUTO_MATCH must be a number from 0 to 1 or "off" (got "${raw}")`)
  }
  const url = env.BANK_PSD2_URL?.trim()
  const psd2 = url && env.BANK_PSD2_SECRET_ID && env.BANK_PSD2_SECRET_KEY
    ? { url: url.replace(/\/$/, ''), secretId: env.BANK_PSD2_SECRET_ID, secretKey: env.BANK_PSD2_SECRET_KEY, redirect: env.BANK_PSD2_REDIRECT ?? `${env.PUBLIC_URL ?? 'http://localhost:3030'}/banking/psd2-return` }
    : null
  return { autoMatch, psd2 }
}
