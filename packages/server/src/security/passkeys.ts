import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { PasskeyRow } from '../models/account-security'

// WebAuthn's library (with its X.509 and ASN.1 parsers) loads on the first passkey use, not at every server start.
const webauthn = () => import('@simplewebauthn/server')

/** Where passkeys belong: the portal's host (rpID) and origin, from PUBLIC_URL. */
export interface RelyingParty {
  id: string
  origin: string
  name: string
}

/** The relying party of a portal URL. */
export function relyingParty(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl)
  return { id: url.hostname, origin: url.origin, name: 'Portal' }
}

function transportsOf(row: PasskeyRow): AuthenticatorTransport[] {
  const list = Array.isArray(row.transports) ? row.transports : row.transports.replace(/^\{|\}$/g, '').split(',').filter(Boolean)
  return list as AuthenticatorTransport[]
}

/** Options for registering one more passkey; the user's existing ones are excluded (no double registration). */
export async function registrationOptions(
  rp: RelyingParty,
  user: { id: string; email: string; name: string },
  existing: readonly PasskeyRow[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { generateRegistrationOptions } = await webauthn()
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row) })),
    // Resident keys let the passkey sign in without a name typed first.
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  })
}

/** A verified new credential, ready to store. */
export interface NewPasskey {
  id: string
  publicKey: string
  counter: number
  transports: string[]
}

/** Verifies a registration answer against the challenge that was issued; undefined when it does not hold. */
export async function verifyRegistration(rp: RelyingParty, response: RegistrationResponseJSON, challenge: string): Promise<NewPasskey | undefined> {
  try {
    const { verifyRegistrationResponse } = await webauthn()
    const result = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: false })
    if (!result.verified) return undefined
    const { credential } = result.registrationInfo
    return {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
    }
  } catch {
    return undefined
  }
}

/** Options for signing in with a passkey: of these credentials (second factor) or any (passwordless, empty list). */
export async function authenticationOptions(rp: RelyingParty, allowed: readonly PasskeyRow[]): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await webauthn()
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: allowed.map((row) => ({ id: row.id, transports: transportsOf(row) })),
    userVerification: 'preferred',
  })
}

/** The outcome of a passkey assertion: the new signature counter and whether the user was verified (PIN, biometrics). */
export interface VerifiedAssertion {
  counter: number
  userVerified: boolean
}

/** Verifies an assertion of a stored passkey against the challenge issued once; undefined when it does not hold. */
export async function verifyAssertion(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  row: PasskeyRow,
): Promise<VerifiedAssertion | undefined> {
  try {
    const { verifyAuthenticationResponse } = await webauthn()
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      credential: { id: row.id, publicKey: Buffer.from(row.public_key, 'base64url'), counter: Number(row.counter), transports: transportsOf(row) },
    })
    if (!result.verified) return undefined
    return { counter: result.authenticationInfo.newCounter, userVerified: result.authenticationInfo.userVerified }
  } catch {
    return undefined
  }
}
