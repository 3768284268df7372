/** Reads the `exp` claim (seconds since the epoch) of a JWT without verifying it; null when absent. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/')
    // atob exists in browsers and in Node 16+, so the SDK stays free of Buffer.
    const json = decodeURIComponent(
      Array.from(atob(base64), (char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    )
    const claims: unknown = JSON.parse(json)
    if (typeof claims === 'object' && claims !== null && 'exp' in claims && typeof claims.exp === 'number') {
      return claims.exp
    }
    return null
  } catch {
    return null
  }
}

/** Seconds a JWT remains valid at `nowMs`; -Infinity for a token that cannot be read, Infinity without exp. */
export function secondsLeft(token: string, nowMs: number): number {
  if (token.split('.').length !== 3) return -Infinity
  const exp = tokenExpiry(token)
  if (exp === null) return Number.POSITIVE_INFINITY
  return exp - nowMs / 1000
}
