import * as oidc from 'openid-client'
import type { DeviceSignIn, IdentityClient, IdentityTokens } from './identity'

/** The OIDC client id of the CLI at the portal's provider. */
export const CLI_CLIENT_ID = 'portal-cli'

const SCOPE = 'openid profile email offline_access'

function toTokens(response: oidc.TokenEndpointResponse, now: number): IdentityTokens {
  if (!response.id_token) throw new Error('The identity provider sent no id_token')
  return {
    idToken: response.id_token,
    accessToken: response.access_token,
    refreshToken: response.refresh_token,
    expiresAt: now + (response.expires_in ?? 60) * 1000,
  }
}

/** An identity client for an issuer, through openid-client (discovery, device grant, refresh, revocation). */
export async function createOpenIdIdentity(issuer: string, now: () => number = Date.now): Promise<IdentityClient> {
  const url = new URL(issuer)
  const config = await oidc.discovery(url, CLI_CLIENT_ID, undefined, oidc.None(), {
    // The embedded provider of a local set-up speaks plain http; anything remote should be https.
    execute: url.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
  })
  return {
    issuer,
    async startDeviceSignIn(): Promise<DeviceSignIn> {
      const device = await oidc.initiateDeviceAuthorization(config, { scope: SCOPE })
      return {
        userCode: device.user_code,
        verificationUri: device.verification_uri,
        verificationUriComplete: device.verification_uri_complete,
        wait: async (signal) => toTokens(await oidc.pollDeviceAuthorizationGrant(config, device, undefined, { signal }), now()),
      }
    },
    refresh: async (refreshToken) => toTokens(await oidc.refreshTokenGrant(config, refreshToken), now()),
    revoke: (token) => oidc.tokenRevocation(config, token),
  }
}
