import type { Knex } from 'knex'
import { createError } from '@portal/sdk/errors'
import type { DeviceSession } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { endSessions } from '../../authentication/session-end'
import { CLIENT_IDS } from '../../oidc/configuration'
import { revokeGrant } from '../../oidc/device-activity'
import { auditOwn, refuse, type OwnAccount } from './own-account'

interface SessionRow {
  grant_id: string
  client_id: string
  user_agent: string | null
  ip: string | null
  first_seen: Date | string
  last_seen: Date | string
}

/** The live sign-ins of an account (grants the provider still holds), most recently active first. */
async function liveSessions(db: Knex, keycloakId: string): Promise<SessionRow[]> {
  return db('account_sessions as s')
    .join('oidc_payloads as g', function joinGrant() {
      this.on('g.id', '=', 's.grant_id').andOnVal('g.model', '=', 'Grant')
    })
    .where('s.account_id', keycloakId)
    .where((query) => query.whereNull('g.expires_at').orWhere('g.expires_at', '>', new Date()))
    .orderBy('s.last_seen', 'desc')
    .select('s.grant_id', 's.client_id', 's.user_agent', 's.ip', 's.first_seen', 's.last_seen')
}

/** The user's devices, the caller's own marked `current`. */
export async function listDeviceSessions(db: Knex, account: OwnAccount, currentGrant: string | undefined): Promise<DeviceSession[]> {
  return (await liveSessions(db, account.keycloakId)).map((row) => ({
    id: row.grant_id,
    kind: row.client_id === CLIENT_IDS.cli ? 'cli' : 'browser',
    userAgent: row.user_agent,
    ip: row.ip,
    firstSeen: new Date(row.first_seen).toISOString(),
    lastSeen: new Date(row.last_seen).toISOString(),
    current: row.grant_id === currentGrant,
  }))
}

/** Ends sign-ins at once: their grants and tokens at the provider, then their open connections everywhere. */
export async function endGrants(app: Application, grantIds: readonly string[]): Promise<void> {
  const db = app.get('knex')
  for (const grantId of grantIds) {
    await revokeGrant(db, grantId)
    endSessions(app, { grantId })
  }
}

/** Logs out one of the user's devices (not the one in use: that is signing out). */
export async function endDeviceSession(app: Application, account: OwnAccount, grantId: string, currentGrant: string | undefined): Promise<number> {
  const db = app.get('knex')
  if (grantId === currentGrant) throw refuse('currentSession', 'id')
  const row = (await liveSessions(db, account.keycloakId)).find((candidate) => candidate.grant_id === grantId)
  if (!row) throw createError('NotFound', 'security:errors.sessionNotFound', { field: 'id' })
  await endGrants(app, [grantId])
  await auditOwn(db, account, 'deviceLogout', { before: { device: row.user_agent, ip: row.ip } })
  return 1
}

/** Logs out every device of the user but the one in use; answers how many. */
export async function endOtherSessions(app: Application, account: OwnAccount, currentGrant: string | undefined): Promise<number> {
  const db = app.get('knex')
  const others = (await db('oidc_payloads').where({ model: 'Grant' }).whereRaw(`payload->>'accountId' = ?`, [account.keycloakId]).select('id'))
    .map((row: { id: string }) => row.id)
    .filter((id: string) => id !== currentGrant)
  await endGrants(app, others)
  if (others.length > 0) await auditOwn(db, account, 'deviceLogout', { after: { count: others.length } })
  return others.length
}
