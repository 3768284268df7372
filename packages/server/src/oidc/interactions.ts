import type { Knex } from 'knex'
import type { Middleware, ParameterizedContext } from 'koa'
import type Provider from 'oidc-provider'
import { errors as oidcErrors, type InteractionResults } from 'oidc-provider'
import { isLanguage, type Language } from '@portal/sdk/domain'
import { LANGUAGE_COOKIE, pickLanguage } from './language'
import { sendPage } from './html'
import { errorPage, idpTranslator, signInPage } from './pages'
import { checkSignIn } from './sign-in'
import type { AccountRow } from './accounts'
import { secondFactorRoutes } from './second-factor-routes'
import { securityTranslator } from './second-factor-pages'
import { relyingParty } from '../security/passkeys'
import type { Logger } from '../logger'

const ROUTE = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|second-factor|setup|continue|passkey))?\/?$/
const MAX_FORM_BYTES = 16 * 1024

type Context = ParameterizedContext

async function readBody(ctx: Context): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length
    if (size > MAX_FORM_BYTES) ctx.throw(413)
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

async function readForm(ctx: Context): Promise<URLSearchParams> {
  return new URLSearchParams(await readBody(ctx))
}

/**
 * RP-initiated logout by form POST (SPEC §7). oidc-provider only takes POST there with SameSite=None cookies,
 * which a same-origin portal does not need; so the POSTed form is handed on as the query of a GET, inside the
 * server: the id_token_hint never appears in a URL the browser shows or logs.
 */
export function logoutByPost(endSessionPath: string): Middleware {
  return async (ctx, next) => {
    if (ctx.method === 'POST' && ctx.path === endSessionPath && ctx.is('application/x-www-form-urlencoded')) {
      const body = await readBody(ctx)
      ctx.method = 'GET'
      ctx.querystring = body
    }
    await next()
  }
}

function languageOf(ctx: Context, uiLocales: unknown): Language {
  return pickLanguage({
    uiLocales: typeof uiLocales === 'string' ? uiLocales : undefined,
    cookie: ctx.cookies.get(LANGUAGE_COOKIE),
    acceptLanguage: ctx.get('accept-language'),
  })
}

/** Options of the interaction routes. */
export interface InteractionOptions {
  provider: Provider
  knex: Knex
  /** Full URL of the interaction pages, e.g. http://localhost:3030/realms/portal/interaction */
  baseUrl: string
  portalUrl: string
  logger: Logger
  /** Where the key that encrypts authenticator secrets lives. */
  dataDir: string
}

/**
 * Our own interaction pages inside the provider: GET /interaction/:uid shows the sign-in form, POST
 * /interaction/:uid/login checks it. Consent is never asked for our first-party clients.
 */
export function interactionRoutes(options: InteractionOptions): Middleware {
  const { provider, knex, baseUrl, portalUrl, logger, dataDir } = options

  /** The language cookie the provider's pages and the portal share, for a year. */
  function rememberLanguage(ctx: Context, lang: Language): void {
    ctx.cookies.set(LANGUAGE_COOKIE, lang, { httpOnly: false, sameSite: 'lax', maxAge: 365 * 24 * 3600 * 1000, signed: false })
  }

  async function finish(ctx: Context, account: AccountRow): Promise<void> {
    // The pages after the sign-in (the device flow's "done" page, the next sign-in in this browser) speak the
    // account's own language, as the portal does once it has the user.
    if (isLanguage(account.locale)) rememberLanguage(ctx, account.locale)
    const returnTo = await provider.interactionResult(ctx.req, ctx.res, { login: { accountId: account.keycloak_id } }, { mergeWithLastSubmission: false })
    ctx.status = 303
    ctx.redirect(returnTo)
  }

  const steps = secondFactorRoutes({ knex, dataDir, rp: relyingParty(portalUrl), baseUrl, logger, finish })

  function signInForm(ctx: Context, uid: string, lang: Language, username: string | undefined, error?: string) {
    return steps.passwordlessOffer(uid, securityTranslator(lang)('provider.signInWithPasskey')).then((passkey) =>
      signInPage({ lang, action: `${baseUrl}/${uid}/login`, username, error, passkey, languageHref: (l) => `${baseUrl}/${uid}?lang=${l}` }),
    )
  }

  async function finishConsent(ctx: Context): Promise<void> {
    const details = await provider.interactionDetails(ctx.req, ctx.res)
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> }
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: details.session?.accountId, clientId: String(details.params.client_id) })
    if (!grant) throw new oidcErrors.SessionNotFound('grant not found')
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '))
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims)
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '))
    const result: InteractionResults = { consent: { grantId: await grant.save() } }
    ctx.status = 303
    ctx.redirect(await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: true }))
  }

  async function show(ctx: Context, uid: string): Promise<void> {
    const details = await provider.interactionDetails(ctx.req, ctx.res)
    if (details.prompt.name !== 'login') return finishConsent(ctx)
    const requested = ctx.query.lang
    if (requested === 'en' || requested === 'de') {
      rememberLanguage(ctx, requested)
    }
    const lang = requested === 'en' || requested === 'de' ? requested : languageOf(ctx, details.params.ui_locales)
    sendPage(ctx, await signInForm(ctx, uid, lang, typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined))
  }

  async function login(ctx: Context, uid: string): Promise<void> {
    const details = await provider.interactionDetails(ctx.req, ctx.res)
    const lang = languageOf(ctx, details.params.ui_locales)
    const form = await readForm(ctx)
    const username = form.get('username') ?? ''
    const result = await checkSignIn(knex, username, form.get('password') ?? '', ctx.ip)
    if (result.ok) return steps.afterPassword(ctx, uid, lang, result.account)
    const t = idpTranslator(lang)
    const message =
      result.reason === 'wait'
        ? t('signIn.wait', { seconds: result.seconds })
        : result.reason === 'locked'
          ? t('signIn.locked', { minutes: result.minutes })
          : t(`signIn.${result.reason}`)
    logger.info({ reason: result.reason, ip: ctx.ip }, 'sign-in refused')
    // 200 with the form again, as Keycloak does; the message says what went wrong.
    ctx.status = result.reason === 'wait' || result.reason === 'locked' ? 429 : 200
    sendPage(ctx, await signInForm(ctx, uid, lang, username, message))
  }

  /** The steps after the password and the passwordless passkey; false when the step has expired. */
  async function step(ctx: Context, uid: string, name: string): Promise<boolean> {
    const details = await provider.interactionDetails(ctx.req, ctx.res)
    const lang = languageOf(ctx, details.params.ui_locales)
    const form = await readForm(ctx)
    if (name === 'second-factor') return steps.verify(ctx, uid, lang, form)
    if (name === 'setup') return steps.setup(ctx, uid, lang, form)
    if (name === 'continue') return steps.proceed(ctx, uid)
    const error = await steps.passwordless(ctx, uid, lang, form)
    if (error) sendPage(ctx, await signInForm(ctx, uid, lang, undefined, error))
    return true
  }

  function expired(ctx: Context): void {
    const lang = languageOf(ctx, undefined)
    ctx.status = 400
    sendPage(ctx, errorPage({ lang, message: idpTranslator(lang)('signIn.expired'), portalUrl }))
  }

  return async (ctx, next) => {
    const match = ROUTE.exec(ctx.path)
    if (!match) return next()
    const [, uid, action] = match
    try {
      if (action === 'login' && ctx.method === 'POST') return await login(ctx, uid)
      if (action && ctx.method === 'POST') return (await step(ctx, uid, action)) ? undefined : expired(ctx)
      if (!action && ctx.method === 'GET') return await show(ctx, uid)
      ctx.status = 405
    } catch (error) {
      if (error instanceof oidcErrors.SessionNotFound || error instanceof oidcErrors.InvalidRequest) return expired(ctx)
      throw error
    }
  }
}
