import { GRANT_CLAIM } from '../../oidc/configuration'

/**
 * The grant (sign-in) of the caller's connection, read from its identity token, which the authentication strategy
 * verified when the connection signed in.
 */
export function currentGrantOf(params: unknown): string | undefined {
  const token = (params as { authentication?: { accessToken?: unknown } }).authentication?.accessToken
  if (typeof token !== 'string') return undefined
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>
    return typeof claims[GRANT_CLAIM] === 'string' ? (claims[GRANT_CLAIM] as string) : undefined
  } catch {
    return undefined
  }
}
