import type { Knex } from 'knex'
import type { ClientMetadata, Configuration, KoaContextWithOIDC } from 'oidc-provider'
import type { Language } from '@portal/sdk/domain'
import { findAccountBySubject, accountClaims } from './accounts'
import { knexAdapterFactory } from './adapter'
import { formParts, sendPage } from './html'
import { LANGUAGE_COOKIE, pickLanguage } from './language'
import type { ProviderSecrets } from './keys'
import {
  deviceConfirmPage,
  deviceInputPage,
  deviceSuccessPage,
  errorPage,
  idpTranslator,
  loggedOutPage,
  logoutPage,
} from './pages'

/** Lifetimes in seconds; explicit, so nothing depends on the library's defaults. */
export const TTL = {
  AccessToken: 15 * 60,
  IdToken: 15 * 60,
  AuthorizationCode: 60,
  DeviceCode: 10 * 60,
  Interaction: 60 * 60,
  /** A working day; the web's refresh tokens end with the session anyway. */
  Session: 10 * 60 * 60,
  Grant: 30 * 24 * 60 * 60,
  WebRefreshToken: 10 * 60 * 60,
  /** The CLI stays signed in for a month, like `gh`. */
  CliRefreshToken: 30 * 24 * 60 * 60,
} as const

/**
 * Claim of the identity tokens naming the grant they were issued under (one per sign-in of a client). The portal's
 * server ends the connections of a grant when it is revoked (logout here, a revoked refresh token) and refuses its
 * tokens from then on.
 */
export const GRANT_CLAIM = 'grant_id'

/** The first-party clients of the embedded provider. */
export const CLIENT_IDS = { web: 'portal-web', cli: 'portal-cli' } as const

/** Keycloak's URL shape, so the portal and the CLI talk to the embedded provider and to Keycloak alike. */
export const ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  userinfo: '/protocol/openid-connect/userinfo',
  jwks: '/protocol/openid-connect/certs',
  end_session: '/protocol/openid-connect/logout',
  revocation: '/protocol/openid-connect/revoke',
  device_authorization: '/protocol/openid-connect/device',
  code_verification: '/device',
}

/** Inputs of the provider configuration. */
export interface ProviderConfigurationOptions {
  issuer: string
  publicUrl: string
  knex: Knex
  secrets: ProviderSecrets
}

function languageOf(ctx: KoaContextWithOIDC): Language {
  const uiLocales = (ctx.oidc?.params as { ui_locales?: unknown } | undefined)?.ui_locales
  return pickLanguage({
    uiLocales: typeof uiLocales === 'string' ? uiLocales : undefined,
    cookie: ctx.cookies.get(LANGUAGE_COOKIE),
    acceptLanguage: ctx.get('accept-language'),
  })
}

function html(ctx: KoaContextWithOIDC, body: string): void {
  sendPage(ctx, body)
}

/** The clients: the portal (code + PKCE) and the CLI (device grant), both public, neither asks for consent. */
export function portalClients(publicUrl: string): ClientMetadata[] {
  return [
    {
      client_id: CLIENT_IDS.web,
      client_name: 'Portal',
      token_endpoint_auth_method: 'none',
      application_type: 'web',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: [`${publicUrl}/`],
      post_logout_redirect_uris: [`${publicUrl}/`, publicUrl],
    },
    {
      client_id: CLIENT_IDS.cli,
      client_name: 'Portal CLI',
      token_endpoint_auth_method: 'none',
      application_type: 'native',
      grant_types: ['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'],
      response_types: [],
      redirect_uris: [],
    },
  ]
}

/** The oidc-provider configuration of the embedded provider. */
export function providerConfiguration(options: ProviderConfigurationOptions): Configuration {
  const { issuer, publicUrl, knex, secrets } = options
  const portalOrigin = new URL(publicUrl).origin
  return {
    adapter: knexAdapterFactory(knex),
    clients: portalClients(publicUrl),
    jwks: secrets.jwks as Configuration['jwks'],
    cookies: {
      keys: secrets.cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    routes: ROUTES,
    responseTypes: ['code'],
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: {
      openid: ['sub', GRANT_CLAIM],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username', 'locale'],
    },
    // Put the profile claims into the identity token, as Keycloak does; the portal reads them from there.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub, token) {
      const account = await findAccountBySubject(knex, sub)
      // Disabled users get no tokens, not even by refresh.
      if (!account || !account.enabled) return undefined
      // At the token endpoint `token` is the code, device code or refresh token the identity token comes from.
      const grantId = token && 'grantId' in token && typeof token.grantId === 'string' ? token.grantId : undefined
      return {
        accountId: sub,
        claims: async (use) => ({ ...accountClaims(account), ...(use === 'id_token' && grantId ? { [GRANT_CLAIM]: grantId } : {}) }),
      }
    },
    interactions: { url: async (_ctx, interaction) => `${issuer}/interaction/${interaction.uid}` },
    // No consent screen for our own clients: the grant is created as soon as the user has signed in.
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId
      const client = ctx.oidc.client
      if (!accountId || !client) return undefined
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session?.grantIdFor(client.clientId)
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined
      const grant = existing ?? new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId })
      grant.addOIDCScope([...ctx.oidc.requestParamScopes].join(' '))
      const claims = ctx.oidc.requestParamClaims
      if (claims) grant.addOIDCClaims([...claims])
      await grant.save()
      return grant
    },
    // Refresh tokens for both clients without requiring prompt=consent for offline_access (Keycloak behaviour).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // The portal's tokens end with its browser session (logout ends them); the CLI's do not.
    expiresWithSession: async (ctx) => ctx.oidc.client?.clientId !== CLIENT_IDS.cli,
    ttl: {
      AccessToken: TTL.AccessToken,
      IdToken: TTL.IdToken,
      AuthorizationCode: TTL.AuthorizationCode,
      DeviceCode: TTL.DeviceCode,
      Interaction: TTL.Interaction,
      Session: TTL.Session,
      Grant: TTL.Grant,
      RefreshToken: (ctx, token, client) => {
        const lifetime = client.clientId === CLIENT_IDS.cli ? TTL.CliRefreshToken : TTL.WebRefreshToken
        // A rotated token keeps the lifetime of the first one, so rotation does not extend a session forever.
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken
        return rotated ? Math.min(lifetime, rotated.remainingTTL) : lifetime
      },
    },
    clientBasedCORS: (_ctx, origin) => origin === portalOrigin,
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      deviceFlow: {
        enabled: true,
        charset: 'base-20',
        mask: '****-****',
        async userCodeInputSource(ctx, form, _out, err) {
          const lang = languageOf(ctx)
          const t = idpTranslator(lang)
          const name = err?.name
          const error = !err
            ? undefined
            : name === 'AbortedError'
              ? t('device.aborted')
              : name === 'NoCodeError' || name === 'NotFoundError' || name === 'ExpiredError' || name === 'AlreadyUsedError'
                ? t('device.invalidCode')
                : t('device.failed')
          const { action, hidden } = formParts(form)
          html(ctx, deviceInputPage({ lang, action, hidden, error }))
        },
        async userCodeConfirmSource(ctx, form, client, _deviceInfo, userCode) {
          const lang = languageOf(ctx)
          const { action, hidden } = formParts(form)
          html(ctx, deviceConfirmPage({ lang, action, hidden, userCode, clientName: client.clientName ?? client.clientId }))
        },
        async successSource(ctx) {
          html(ctx, deviceSuccessPage(languageOf(ctx)))
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          const { action, hidden } = formParts(form)
          // The portal's own logout carries id_token_hint (already verified by the provider): no question asked.
          const autoSubmit = Boolean((ctx.oidc.params as { id_token_hint?: unknown }).id_token_hint)
          html(ctx, logoutPage({ lang: languageOf(ctx), action, hidden, autoSubmit }))
        },
        async postLogoutSuccessSource(ctx) {
          html(ctx, loggedOutPage(languageOf(ctx), publicUrl))
        },
      },
    },
    async renderError(ctx, out) {
      const lang = languageOf(ctx)
      const detail = [out.error, out.error_description].filter(Boolean).join(': ')
      html(ctx, errorPage({ lang, detail, portalUrl: publicUrl }))
    },
  }
}
