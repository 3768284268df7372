import { createHash } from 'node:crypto'

/** SHA-256 of a token, as revoked_tokens keeps it and ended sessions name it: the token itself is a credential. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
