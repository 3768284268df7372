import type { Knex } from 'knex'
import type { Adapter, AdapterPayload } from 'oidc-provider'

const TABLE = 'oidc_payloads'

interface Row {
  payload: AdapterPayload | string
  expires_at: Date | string | null
  consumed_at: Date | string | null
}

function toPayload(row: Row | undefined): AdapterPayload | undefined {
  if (!row) return undefined
  if (row.expires_at && new Date(row.expires_at).getTime() <= Date.now()) return undefined
  const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as AdapterPayload) : row.payload
  return row.consumed_at ? { ...payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) } : payload
}

/**
 * Whether a value taken from a request can be a stored key. PostgreSQL cannot hold NUL in text, so such a value
 * (a client_id, token or user code sent by anyone) would fail the query with a 500 instead of finding nothing.
 */
function storable(value: string): boolean {
  return typeof value === 'string' && !value.includes('\u0000')
}

/** oidc-provider storage in the database: sessions, grants and tokens survive a restart and are shared by instances. */
export class KnexAdapter implements Adapter {
  constructor(
    private readonly knex: Knex,
    private readonly model: string,
  ) {}

  /** Creates or replaces an artefact; expiresIn is in seconds. */
  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const row = {
      model: this.model,
      id,
      // pg would send a JS array as a Postgres array; a string is unambiguous on both engines.
      payload: JSON.stringify(payload),
      grant_id: payload.grantId ?? null,
      user_code: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      consumed_at: null,
    }
    await this.knex(TABLE).insert(row).onConflict(['model', 'id']).merge()
  }

  /** The artefact, unless missing or expired. */
  async find(id: string): Promise<AdapterPayload | undefined> {
    if (!storable(id)) return undefined
    return toPayload(await this.knex(TABLE).where({ model: this.model, id }).first())
  }

  /** A device code by the code the user typed. */
  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    if (!storable(userCode)) return undefined
    return toPayload(await this.knex(TABLE).where({ model: this.model, user_code: userCode }).first())
  }

  /** A session by its uid. */
  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    if (!storable(uid)) return undefined
    return toPayload(await this.knex(TABLE).where({ model: this.model, uid }).first())
  }

  /** Marks a one-time artefact (e.g. an authorization code) as used. */
  async consume(id: string): Promise<void> {
    await this.knex(TABLE).where({ model: this.model, id }).update({ consumed_at: new Date() })
  }

  /** Removes an artefact. */
  async destroy(id: string): Promise<void> {
    await this.knex(TABLE).where({ model: this.model, id }).delete()
  }

  /** Removes every token that belongs to a grant (logout, refresh-token reuse, revocation). */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.knex(TABLE).where({ model: this.model, grant_id: grantId }).delete()
  }
}

/** The adapter factory oidc-provider calls once per model name. */
export function knexAdapterFactory(knex: Knex): (model: string) => Adapter {
  return (model) => new KnexAdapter(knex, model)
}

/** Deletes expired artefacts; run at start and now and then so the table does not grow without bound. */
export async function purgeExpiredPayloads(knex: Knex): Promise<number> {
  const result: unknown = await knex(TABLE).where('expires_at', '<', new Date()).delete()
  // pg answers with a count; the PGlite driver with its raw result.
  if (typeof result === 'number') return result
  return Number((result as { affectedRows?: number; rowCount?: number } | undefined)?.affectedRows ?? (result as { rowCount?: number } | undefined)?.rowCount ?? 0)
}
