import { PKCE } from '../domain/constants'

// RFC 7636 unreserved characters.
const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~'

/** A PKCE code verifier of 96 random unreserved characters (§9), each equally likely. */
export function randomCodeVerifier(length: number = PKCE.verifierLength): string {
  // Bytes at or above the largest multiple of 66 are skipped, so the modulo does not favour some characters.
  const limit = 256 - (256 % CHARS.length)
  let out = ''
  while (out.length < length) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < limit && out.length < length) out += CHARS[byte % CHARS.length]
    }
  }
  return out
}

/** A random value for state and nonce (URL-safe). */
export function randomToken(bytes = 24): string {
  const data = globalThis.crypto.getRandomValues(new Uint8Array(bytes))
  let binary = ''
  for (const byte of data) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}
