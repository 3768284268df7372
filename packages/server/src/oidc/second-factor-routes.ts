import type { Knex } from 'knex'
import type { ParameterizedContext } from 'koa'
import { isLanguage, type Language } from '@portal/sdk/domain'
import {
  dropChallenge,
  listPasskeys,
  loadChallenge,
  loadTotp,
  putChallenge,
  replaceRecoveryCodes,
  saveTotpSetup,
  syncSecondFactorSummary,
  acceptTotpStep,
} from '../models/account-security'
import { appendAudit } from '../models/audit-log'
import { authenticationOptions, type RelyingParty } from '../security/passkeys'
import { newRecoveryCodes, recoveryCodeHash } from '../security/recovery-codes'
import { checkPasskeyAssertion, parseAssertion } from '../security/second-factor'
import { openSecret, sealSecret } from '../security/secret-box'
import { newTotpSecret, presentTotpSecret, totpStep } from '../security/totp'
import type { Logger } from '../logger'
import { findAccountById, type AccountRow } from './accounts'
import { sendPage } from './html'
import { idpTranslator } from './pages'
import { recoveryCodesPage, secondFactorPage, securityTranslator, setupPage } from './second-factor-pages'
import { checkCodeStep, checkPasskeyStep, nextSignInStep, throttledStep, type StepRefusal } from './second-factor-step'

type Context = ParameterizedContext

/** A pending step lives as long as the interaction's sign-in form would. */
const STEP_SECONDS = 10 * 60

/** What the second-factor pages need of the interaction routes. */
export interface SecondFactorRoutes {
  knex: Knex
  dataDir: string
  rp: RelyingParty
  baseUrl: string
  logger: Logger
  /** Ends the interaction with this account signed in. */
  finish(ctx: Context, account: AccountRow): Promise<void>
}

const key = {
  passwordless: (uid: string) => `signin:${uid}`,
  verify: (uid: string) => `mfa:${uid}`,
  setup: (uid: string) => `setup:${uid}`,
  done: (uid: string) => `done:${uid}`,
}

function actorOfAccount(account: AccountRow) {
  return { id: account.id, name: `${account.first_name} ${account.last_name}`.trim() || account.email }
}

/**
 * The language of the pages once the password (or a pending step) has told who signs in: the account's own language
 * (SPEC §1: the one thing users set themselves), so a choice made on /account/preferences holds on the provider's pages
 * in any browser; the request's language only for an account without a valid one.
 */
function accountLanguage(account: AccountRow, requested: Language): Language {
  return isLanguage(account.locale) ? account.locale : requested
}

/** The message of a refused step. */
function refusalText(lang: Language, refusal: StepRefusal): string {
  const idp = idpTranslator(lang)
  if (refusal.reason === 'wait') return idp('signIn.wait', { seconds: refusal.seconds })
  if (refusal.reason === 'locked') return idp('signIn.locked', { minutes: refusal.minutes })
  return securityTranslator(lang)('provider.invalidCode')
}

/**
 * The steps after the password (SPEC §2, issue 20): ask for the second factor, or set one up when the firm
 * requires it; plus passwordless sign-in with a passkey. Each pending step is stored under the interaction's uid,
 * which the provider binds to the browser's interaction cookie.
 */
export function secondFactorRoutes(options: SecondFactorRoutes) {
  const { knex, dataDir, rp, baseUrl, logger, finish } = options

  /** The passwordless passkey offer of the sign-in page (a fresh challenge each time the page is shown). */
  async function passwordlessOffer(uid: string, label: string) {
    const requestOptions = await authenticationOptions(rp, [])
    await putChallenge(knex, key.passwordless(uid), null, requestOptions.challenge, STEP_SECONDS)
    return { action: `${baseUrl}/${uid}/passkey`, options: requestOptions, label }
  }

  async function showVerify(ctx: Context, uid: string, lang: Language, userId: string, error?: string): Promise<void> {
    const passkeys = await listPasskeys(knex, userId)
    const requestOptions = passkeys.length > 0 ? await authenticationOptions(rp, passkeys) : undefined
    await putChallenge(knex, key.verify(uid), userId, requestOptions?.challenge ?? null, STEP_SECONDS)
    sendPage(
      ctx,
      secondFactorPage({
        lang,
        action: `${baseUrl}/${uid}/second-factor`,
        passkey: requestOptions ? { action: `${baseUrl}/${uid}/second-factor`, options: requestOptions } : undefined,
        error,
      }),
    )
  }

  /** The set-up page; an unconfirmed secret is shown again (the app may already hold it), else a new one is made. */
  async function showSetup(ctx: Context, uid: string, lang: Language, account: AccountRow, error?: string): Promise<void> {
    const issuer = idpTranslator(lang)('brand')
    const row = await loadTotp(knex, account.id)
    const shown =
      row && !row.confirmed_at
        ? await presentTotpSecret(issuer, account.email, await openSecret(dataDir, row.secret_encrypted))
        : await newTotpSecret(issuer, account.email)
    if (!row || row.confirmed_at) await saveTotpSetup(knex, account.id, await sealSecret(dataDir, shown.secret))
    await putChallenge(knex, key.setup(uid), account.id, null, STEP_SECONDS)
    sendPage(ctx, setupPage({ lang, action: `${baseUrl}/${uid}/setup`, qrSvg: shown.qrSvg, secret: shown.secret, error }))
  }

  /** After the right password: sign in, or the next step. */
  async function afterPassword(ctx: Context, uid: string, requested: Language, account: AccountRow): Promise<void> {
    const lang = accountLanguage(account, requested)
    const next = await nextSignInStep(knex, account.id)
    if (next.step === 'done') return finish(ctx, account)
    if (next.step === 'verify') return showVerify(ctx, uid, lang, account.id)
    return showSetup(ctx, uid, lang, account)
  }

  async function pendingAccount(stepKey: string): Promise<AccountRow | undefined> {
    const pending = await loadChallenge(knex, stepKey)
    const account = pending?.user_id ? await findAccountById(knex, pending.user_id) : undefined
    return account?.enabled ? account : undefined
  }

  /** POST …/second-factor: a code (authenticator or recovery) or a passkey assertion. */
  async function verify(ctx: Context, uid: string, requested: Language, form: URLSearchParams): Promise<boolean> {
    const account = await pendingAccount(key.verify(uid))
    if (!account) return false
    const lang = accountLanguage(account, requested)
    const t = securityTranslator(lang)
    if (form.get('failed')) {
      await showVerify(ctx, uid, lang, account.id, t('provider.passkeyFailed'))
      return true
    }
    const assertion = parseAssertion(form.get('assertion'))
    const code = (form.get('code') ?? '').trim()
    if (!assertion && !code) {
      await showVerify(ctx, uid, lang, account.id, t('provider.missingCode'))
      return true
    }
    const result = assertion
      ? await checkPasskeyStep(knex, rp, key.verify(uid), account.id, assertion, ctx.ip)
      : await checkCodeStep(knex, dataDir, account.id, code, ctx.ip)
    if (!result.ok) {
      logger.info({ reason: result.reason, ip: ctx.ip }, 'second factor refused')
      ctx.status = result.reason === 'invalidCode' ? 200 : 429
      await showVerify(ctx, uid, lang, account.id, assertion && result.reason === 'invalidCode' ? t('provider.passkeyUnknown') : refusalText(lang, result))
      return true
    }
    if (result.value === 'recovery') {
      await appendAudit(knex, [{ actor: actorOfAccount(account), action: 'user.recoveryUse', entity: 'user', targetId: account.id, targetLabel: account.email }])
    }
    await dropChallenge(knex, key.verify(uid))
    await finish(ctx, account)
    return true
  }

  /** POST …/setup: the first code of the authenticator the firm requires; then the recovery codes. */
  async function setup(ctx: Context, uid: string, requested: Language, form: URLSearchParams): Promise<boolean> {
    const account = await pendingAccount(key.setup(uid))
    if (!account) return false
    const lang = accountLanguage(account, requested)
    const row = await loadTotp(knex, account.id)
    const secret = row && !row.confirmed_at ? await openSecret(dataDir, row.secret_encrypted) : undefined
    // The first code counts under the brute-force protection like every other code.
    const checked = await throttledStep(knex, account.id, ctx.ip, async () => (secret ? totpStep(secret, (form.get('code') ?? '').trim()) : undefined))
    if (!checked.ok) {
      ctx.status = checked.reason === 'invalidCode' ? 200 : 429
      await showSetup(ctx, uid, lang, account, refusalText(lang, checked))
      return true
    }
    const step = checked.value
    const codes = newRecoveryCodes()
    await knex.transaction(async (trx) => {
      await acceptTotpStep(trx, account.id, step, true)
      await replaceRecoveryCodes(trx, account.id, codes.map(recoveryCodeHash))
      await syncSecondFactorSummary(trx, account.id)
      await appendAudit(trx, [{ actor: actorOfAccount(account), action: 'user.totpEnable', entity: 'user', targetId: account.id, targetLabel: account.email }])
    })
    await dropChallenge(knex, key.setup(uid))
    await putChallenge(knex, key.done(uid), account.id, null, STEP_SECONDS)
    sendPage(ctx, recoveryCodesPage({ lang, action: `${baseUrl}/${uid}/continue`, codes }))
    return true
  }

  /** POST …/continue: the recovery codes were shown; sign in. */
  async function proceed(ctx: Context, uid: string): Promise<boolean> {
    const account = await pendingAccount(key.done(uid))
    if (!account) return false
    await dropChallenge(knex, key.done(uid))
    await finish(ctx, account)
    return true
  }

  /** POST …/passkey: passwordless sign-in; the passkey's owner signs in (a passkey is two factors in one). */
  async function passwordless(ctx: Context, uid: string, lang: Language, form: URLSearchParams): Promise<string | undefined> {
    const t = securityTranslator(lang)
    const assertion = parseAssertion(form.get('assertion'))
    if (form.get('failed') || !assertion) return t('provider.passkeyFailed')
    const used = await checkPasskeyAssertion(knex, rp, key.passwordless(uid), assertion)
    // Without user verification (PIN, fingerprint) a passkey is only something one has: not enough alone.
    const account = used?.userVerified ? await findAccountById(knex, used.userId) : undefined
    if (!account?.enabled) {
      logger.info({ ip: ctx.ip }, 'passkey sign-in refused')
      return t('provider.passkeyUnknown')
    }
    await finish(ctx, account)
    return undefined
  }

  return { passwordlessOffer, afterPassword, verify, setup, proceed, passwordless }
}
