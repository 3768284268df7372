import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './passwords'

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const stored = await hashPassword('portal-demo')
    expect(stored.startsWith('$argon2id$')).toBe(true)
    expect(await verifyPassword(stored, 'portal-demo')).toBe(true)
    expect(await verifyPassword(stored, 'portal-demo ')).toBe(false)
  })

  it('refuses missing or malformed hashes instead of throwing', async () => {
    expect(await verifyPassword(null, 'x')).toBe(false)
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false)
  })
})
