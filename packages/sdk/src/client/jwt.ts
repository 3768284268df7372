/** The claims of a JWT, read without verifying it; null when it cannot be read. */
function claimsOf(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/')
    // atob exists in browsers and in Node 16+, so the SDK stays free of Buffer.
    const json = decodeURIComponent(
      Array.from(atob(base64), (char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    )
    const claims: unknown = JSON.parse(json)
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** Reads the `exp` claim (seconds since the epoch) of a JWT without verifying it; null when absent. */
export function tokenExpiry(token: string): number | null {
  const exp = claimsOf(token)?.exp
  return typeof exp === 'number' ? exp : null
}

/**
 * Reads the `sub` claim (the user's keycloakId) of a JWT without verifying it; null when absent. Only for what the
 * device keeps of that user (an app started offline lists the user's captures); never a proof of who signs in.
 */
export function tokenSubject(token: string): string | null {
  const sub = claimsOf(token)?.sub
  return typeof sub === 'string' && sub !== '' ? sub : null
}

/** Seconds a JWT remains valid at `nowMs`; -Infinity for a token that cannot be read, Infinity without exp. */
export function secondsLeft(token: string, nowMs: number): number {
  if (token.split('.').length !== 3) return -Infinity
  const exp = tokenExpiry(token)
  if (exp === null) return Number.POSITIVE_INFINITY
  return exp - nowMs / 1000
}
