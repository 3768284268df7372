import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkThrottle, clearFailures, recordFailure, type BruteForcePolicy } from './brute-force'
import { openTestDatabase } from './test-database'

const policy: BruteForcePolicy = { waitAfter: 3, waitSeconds: 2, maxWaitSeconds: 8, lockAfter: 6, lockSeconds: 900, resetAfterSeconds: 3600 }
const s = (seconds: number) => seconds * 1000

describe('brute-force throttling', () => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>
  beforeAll(async () => {
    db = await openTestDatabase()
  }, 60_000)
  afterAll(async () => {
    await db.dispose()
  })

  it('lets the first failures through, then makes each try wait longer, then locks', async () => {
    const key = 'account:a'
    const t0 = 1_000_000_000
    expect(await recordFailure(db.knex, key, policy, t0)).toEqual({ allowed: true })
    expect(await recordFailure(db.knex, key, policy, t0 + s(1))).toEqual({ allowed: true })
    expect(await recordFailure(db.knex, key, policy, t0 + s(2))).toEqual({ allowed: false, reason: 'wait', retryAfterSeconds: 2 })
    expect(await checkThrottle(db.knex, key, policy, t0 + s(4))).toEqual({ allowed: true })
    expect(await recordFailure(db.knex, key, policy, t0 + s(4))).toEqual({ allowed: false, reason: 'wait', retryAfterSeconds: 4 })
    expect(await recordFailure(db.knex, key, policy, t0 + s(8))).toEqual({ allowed: false, reason: 'wait', retryAfterSeconds: 8 })
    // The 6th failure locks for 15 minutes; tries during the lock do not extend it.
    expect(await recordFailure(db.knex, key, policy, t0 + s(16))).toEqual({ allowed: false, reason: 'locked', retryAfterSeconds: 900 })
    expect(await recordFailure(db.knex, key, policy, t0 + s(116))).toEqual({ allowed: false, reason: 'locked', retryAfterSeconds: 800 })
    // After the lock the count starts again.
    expect(await checkThrottle(db.knex, key, policy, t0 + s(917))).toEqual({ allowed: true })
    expect(await recordFailure(db.knex, key, policy, t0 + s(917))).toEqual({ allowed: true })
  })

  it('forgets old failures and clears on success', async () => {
    const t0 = 2_000_000_000
    for (let i = 0; i < 3; i++) await recordFailure(db.knex, 'ip:1', policy, t0)
    expect((await checkThrottle(db.knex, 'ip:1', policy, t0 + s(1))).allowed).toBe(false)
    expect(await checkThrottle(db.knex, 'ip:1', policy, t0 + s(3601))).toEqual({ allowed: true })
    expect(await recordFailure(db.knex, 'ip:1', policy, t0 + s(3601))).toEqual({ allowed: true })
    for (let i = 0; i < 3; i++) await recordFailure(db.knex, 'ip:2', policy, t0)
    await clearFailures(db.knex, 'ip:2')
    expect(await checkThrottle(db.knex, 'ip:2', policy, t0)).toEqual({ allowed: true })
  })
})
