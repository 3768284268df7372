/** Tokens the identity provider hands out. */
export interface IdentityTokens {
  idToken: string
  accessToken: string
  refreshToken?: string
  /** Access-token expiry in ms since the epoch. */
  expiresAt: number
}

/** A started device sign-in: what to show the user, and a wait for their approval. */
export interface DeviceSignIn {
  userCode: string
  verificationUri: string
  /** The verification URL with the code filled in, when the provider offers one. */
  verificationUriComplete?: string
  /** Resolves with the tokens once approved; rejects when denied or expired. */
  wait(signal?: AbortSignal): Promise<IdentityTokens>
}

/** The identity-provider calls the CLI makes (device grant, refresh, revocation). */
export interface IdentityClient {
  issuer: string
  /** Starts the device authorization grant (RFC 8628). */
  startDeviceSignIn(): Promise<DeviceSignIn>
  /** Exchanges the refresh token for new tokens. */
  refresh(refreshToken: string): Promise<IdentityTokens>
  /** Revokes a token at the provider (refresh tokens end the grant). */
  revoke(token: string): Promise<void>
}

/** Makes an identity client for the issuer of a portal server. */
export type IdentityFactory = (issuer: string) => Promise<IdentityClient>

/** The issuer of a portal server: PORTAL_ISSUER, else the embedded provider at /realms/portal. */
export function issuerOf(server: string, env: NodeJS.ProcessEnv): string {
  return env.PORTAL_ISSUER || `${server}/realms/portal`
}
