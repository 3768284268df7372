import type { Knex } from 'knex'
import type Provider from 'oidc-provider'
import type { Logger } from '../logger'

interface GrantEntity {
  jti: string
  accountId?: string
  clientId?: string
}

/**
 * Device activity (issue 20): every token the provider issues (sign-in, device flow, refresh) records its grant —
 * one sign-in of a browser or the CLI — with the device (User-Agent), the address and the first and last activity.
 */
export function trackDeviceActivity(provider: Provider, knex: Knex, logger: Logger): void {
  provider.on('grant.success', (ctx: { oidc: { entities: { Grant?: GrantEntity } }; ip: string; get(name: string): string }) => {
    const grant = ctx.oidc.entities.Grant
    if (!grant?.accountId || !grant.clientId) return
    const now = new Date()
    knex('account_sessions')
      .insert({ grant_id: grant.jti, account_id: grant.accountId, client_id: grant.clientId, user_agent: ctx.get('user-agent').slice(0, 400) || null, ip: ctx.ip, first_seen: now, last_seen: now })
      .onConflict('grant_id')
      .merge(['last_seen', 'ip'])
      .catch((error: unknown) => logger.warn({ err: error }, 'recording device activity failed'))
  })
}

/**
 * Ends one sign-in at the provider: every token of the grant, the grant, and the browser sessions that hold it
 * (else the browser would get a new grant without asking). Returns whether there was such a grant.
 */
export async function revokeGrant(knex: Knex, grantId: string): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx('oidc_payloads').where({ grant_id: grantId }).delete()
    await trx('oidc_payloads').where({ model: 'Grant', id: grantId }).delete()
    await trx('oidc_payloads')
      .where({ model: 'Session' })
      .whereRaw(`exists (select 1 from jsonb_each(payload->'authorizations') a where a.value->>'grantId' = ?)`, [grantId])
      .delete()
    await trx('account_sessions').where({ grant_id: grantId }).delete()
  })
}
