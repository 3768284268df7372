import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KnexAdapter, purgeExpiredPayloads } from './adapter'
import { grantExists } from './provider'
import { openTestDatabase } from './test-database'

describe('KnexAdapter', () => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>
  beforeAll(async () => {
    db = await openTestDatabase()
  }, 60_000)
  afterAll(async () => {
    await db.dispose()
  })

  it('stores, finds, consumes and destroys artefacts', async () => {
    const codes = new KnexAdapter(db.knex, 'AuthorizationCode')
    await codes.upsert('c1', { grantId: 'g1', scope: 'openid', kind: 'AuthorizationCode' }, 60)
    expect(await codes.find('c1')).toMatchObject({ grantId: 'g1', scope: 'openid' })
    expect(await new KnexAdapter(db.knex, 'AccessToken').find('c1')).toBeUndefined()
    await codes.consume('c1')
    expect((await codes.find('c1'))?.consumed).toEqual(expect.any(Number))
    await codes.destroy('c1')
    expect(await codes.find('c1')).toBeUndefined()
  })

  it('finds sessions by uid and device codes by user code, and hides expired ones', async () => {
    const sessions = new KnexAdapter(db.knex, 'Session')
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a', kind: 'Session' }, 60)
    expect(await sessions.findByUid('u1')).toMatchObject({ accountId: 'a' })
    const devices = new KnexAdapter(db.knex, 'DeviceCode')
    await devices.upsert('d1', { userCode: 'ABCDEFGH', kind: 'DeviceCode' }, 60)
    expect(await devices.findByUserCode('ABCDEFGH')).toMatchObject({ userCode: 'ABCDEFGH' })
    await devices.upsert('d2', { userCode: 'OLDOLDOL', kind: 'DeviceCode' }, 1)
    await db.knex('oidc_payloads').where({ id: 'd2' }).update({ expires_at: new Date(Date.now() - 1000) })
    expect(await devices.findByUserCode('OLDOLDOL')).toBeUndefined()
    expect(await purgeExpiredPayloads(db.knex)).toBeGreaterThanOrEqual(1)
  })

  it('tells a live grant from a revoked, expired or missing one without loading the provider', async () => {
    const grants = new KnexAdapter(db.knex, 'Grant')
    await grants.upsert('grant-live', { accountId: 'a', clientId: 'portal-web', kind: 'Grant' }, 60)
    await grants.upsert('grant-revoked', { accountId: 'a', clientId: 'portal-web', kind: 'Grant' }, 60)
    await grants.destroy('grant-revoked')
    await grants.upsert('grant-old', { accountId: 'a', clientId: 'portal-web', kind: 'Grant' }, 1)
    await db.knex('oidc_payloads').where({ id: 'grant-old' }).update({ expires_at: new Date(Date.now() - 1000) })
    await new KnexAdapter(db.knex, 'Session').upsert('not-a-grant', { uid: 'u9', kind: 'Session' }, 60)
    expect(await grantExists(db.knex, 'grant-live')).toBe(true)
    for (const id of ['grant-revoked', 'grant-old', 'grant-missing', 'not-a-grant']) expect(await grantExists(db.knex, id), id).toBe(false)
  })

  it('revokes every token of a grant', async () => {
    const refresh = new KnexAdapter(db.knex, 'RefreshToken')
    await refresh.upsert('r1', { grantId: 'g9', kind: 'RefreshToken' }, 60)
    await refresh.upsert('r2', { grantId: 'g9', kind: 'RefreshToken' }, 60)
    await refresh.upsert('r3', { grantId: 'other', kind: 'RefreshToken' }, 60)
    await refresh.revokeByGrantId('g9')
    expect(await refresh.find('r1')).toBeUndefined()
    expect(await refresh.find('r2')).toBeUndefined()
    expect(await refresh.find('r3')).toBeDefined()
  })
})
