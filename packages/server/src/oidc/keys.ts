import { randomBytes, randomUUID } from 'node:crypto'
import type { Knex } from 'knex'
import { exportJWK, generateKeyPair, type JWK } from 'jose'

/** The provider's secrets: its signing key set and the keys that sign its cookies (and the app's). */
export interface ProviderSecrets {
  /** Private JWKS handed to oidc-provider. */
  jwks: { keys: JWK[] }
  /** Public JWKS, as published at the jwks_uri; the authentication service verifies against it. */
  publicJwks: { keys: JWK[] }
  cookieKeys: string[]
}

/**
 * Reads a secret, creating it on first use. The first instance to insert wins (on conflict do nothing), so
 * several instances on one PostgreSQL database agree on the same keys; on PGlite they live in the data dir.
 */
async function loadOrCreate<T>(knex: Knex, name: string, create: () => Promise<T>): Promise<T> {
  const existing = await knex('oidc_secrets').where({ name }).first('value')
  if (existing) return parse<T>(existing.value)
  const value = await create()
  await knex('oidc_secrets')
    .insert({ name, value: JSON.stringify(value) })
    .onConflict('name')
    .ignore()
  const stored = await knex('oidc_secrets').where({ name }).first('value')
  return parse<T>(stored.value)
}

function parse<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T
}

async function createSigningKeys(): Promise<{ keys: JWK[] }> {
  // RS256 is what Keycloak signs with and what every OIDC library accepts by default.
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 })
  const jwk = await exportJWK(privateKey)
  return { keys: [{ ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' }] }
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'] as const

/** The public part of a key set. */
export function toPublicJwks(jwks: { keys: JWK[] }): { keys: JWK[] } {
  return {
    keys: jwks.keys.map((key) => {
      const copy: JWK = { ...key }
      for (const member of PRIVATE_MEMBERS) delete copy[member]
      return copy
    }),
  }
}

/** Loads the signing keys and cookie keys from the database, generating them on the first start. */
export async function loadProviderSecrets(knex: Knex): Promise<ProviderSecrets> {
  const jwks = await loadOrCreate(knex, 'signing-jwks', createSigningKeys)
  return { jwks, publicJwks: toPublicJwks(jwks), cookieKeys: await loadCookieKeys(knex) }
}

/** Keys that sign cookies (Koa's app.keys and the provider's); generated once, then kept. */
export async function loadCookieKeys(knex: Knex): Promise<string[]> {
  return loadOrCreate(knex, 'cookie-keys', async () => Array.from({ length: 2 }, () => randomBytes(32).toString('base64url')))
}
