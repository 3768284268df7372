import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWK, type JWTPayload } from 'jose'
import { OIDC_CLIENT_IDS, authenticationErrorKeys } from '@portal/sdk/services'
import { authenticationError } from './errors'

/** Checks identity tokens: signature, issuer, audience, expiry. */
export interface TokenVerifier {
  /** The verified claims; throws NotAuthenticated with an i18n key otherwise. */
  verify(token: string): Promise<JWTPayload & { sub: string; exp: number }>
}

/** Where the keys come from: the embedded provider's key set directly, or an external issuer's discovery. */
export interface TokenVerifierOptions {
  issuer: string
  /** Public keys of the embedded provider; without them the issuer's jwks_uri is used. */
  jwks?: { keys: JWK[] }
  audiences?: readonly string[]
  /** Allowed clock difference in seconds. */
  clockTolerance?: number
}

type KeySet = Parameters<typeof jwtVerify>[1]

async function remoteKeySet(issuer: string): Promise<KeySet> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`, { headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`OIDC discovery of ${issuer} failed: HTTP ${response.status}`)
  const discovery = (await response.json()) as { jwks_uri?: string }
  if (!discovery.jwks_uri) throw new Error(`OIDC discovery of ${issuer} has no jwks_uri`)
  // jose caches the keys and refetches on an unknown kid (key rotation) at most every 30 s.
  return createRemoteJWKSet(new URL(discovery.jwks_uri))
}

/** A verifier for identity tokens of the trusted issuer. */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const audiences = [...(options.audiences ?? OIDC_CLIENT_IDS)]
  let keySet: Promise<KeySet> | undefined = options.jwks ? Promise.resolve(createLocalJWKSet(options.jwks)) : undefined
  return {
    async verify(token) {
      if (!keySet) {
        keySet = remoteKeySet(options.issuer)
        // A failed discovery is retried on the next call instead of being remembered.
        keySet.catch(() => (keySet = undefined))
      }
      try {
        const { payload } = await jwtVerify(token, await keySet, {
          issuer: options.issuer,
          audience: audiences,
          clockTolerance: options.clockTolerance ?? 5,
          requiredClaims: ['sub', 'exp'],
        })
        return payload as JWTPayload & { sub: string; exp: number }
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw authenticationError(authenticationErrorKeys.expiredToken)
        if (error instanceof joseErrors.JOSEError) throw authenticationError(authenticationErrorKeys.invalidToken)
        throw error
      }
    },
  }
}
