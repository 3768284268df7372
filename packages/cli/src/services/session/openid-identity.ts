import { tokenRevocation } from 'openid-client'
import { discoverProvider, refreshTokens, startDeviceLogin } from '@portal/sdk/oidc'
import type { IdentityClient } from './identity'

/** The OIDC client id of the CLI at the portal's provider. */
export const CLI_CLIENT_ID = 'portal-cli'

/** An identity client for an issuer, through the SDK's OIDC flows (discovery, device grant, refresh) and revocation. */
export async function createOpenIdIdentity(issuer: string): Promise<IdentityClient> {
  const config = await discoverProvider(issuer, CLI_CLIENT_ID)
  return {
    issuer,
    async startDeviceSignIn() {
      const device = await startDeviceLogin(config)
      return {
        userCode: device.userCode,
        verificationUri: device.verificationUri,
        verificationUriComplete: device.verificationUriComplete,
        wait: (signal) => device.wait(signal),
      }
    },
    refresh: (refreshToken) => refreshTokens(config, refreshToken),
    // The SDK has no revocation (browsers log out by form POST); the CLI revokes its tokens directly.
    revoke: (token) => tokenRevocation(config, token),
  }
}
