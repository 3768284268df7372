import { createDecipheriv, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { connectAs, failure, type Connection } from './services.support'

// A password no other test uses, so finding it anywhere means it leaked.
const SECRET = `webeku-${Math.random().toString(36).slice(2)}-Geheim!`
const SECOND_SECRET = `webeku-${Math.random().toString(36).slice(2)}-Neu!`

describe('tax firm: the form rules, and the write-only WEBEKU password that never leaves the server', () => {
  let server: TestServer
  let admin: Connection
  let colleague: Connection
  /** Every answer and every event either administrator received, as JSON. */
  const seen: string[] = []
  const record = <T>(answer: T): T => {
    seen.push(JSON.stringify(answer))
    return answer
  }

  beforeAll(async () => {
    server = await startTestServer()
    admin = await connectAs(server.url, 'admin')
    colleague = await connectAs(server.url, 'admin')
    for (const connection of [admin, colleague]) connection.socket.onAny((...args: unknown[]) => seen.push(JSON.stringify(args)))
  })

  afterAll(async () => {
    admin?.close()
    colleague?.close()
    await server?.close()
  })

  it('starts empty, and a first save needs every field, a numeric NTCS id and a password', async () => {
    expect(record(await admin.app.service('firm').find())).toEqual({ name: '', ntcsId: null, webekuUser: '', webekuPasswordSet: false, saved: false, updatedAt: null })
    const noName = await failure(admin.app.service('firm').patch('firm', { name: ' ', ntcsId: '12', webekuUser: 'U1' }))
    expect(noName).toMatchObject({ code: 400, data: { key: 'admin:firm.fieldRefused', params: { field: 'name' } } })
    const letters = await failure(admin.app.service('firm').patch('firm', { name: 'Kanzlei', ntcsId: '12a', webekuUser: 'U1' }))
    expect(letters).toMatchObject({ code: 400, data: { params: { field: 'ntcsId', rule: 'validation:integer' } } })
    const noPassword = await failure(admin.app.service('firm').patch('firm', { name: 'Kanzlei', ntcsId: '12', webekuUser: 'U1' }))
    expect(noPassword).toMatchObject({ code: 400, data: { params: { field: 'webekuPassword', rule: 'validation:required' } } })
    expect(record(await admin.app.service('firm').find()).saved).toBe(false)
  })

  it('stores the password sealed (AES-256-GCM), answers only that one is set, and keeps it when the field is left empty', async () => {
    const saved = record(await admin.app.service('firm').patch('firm', { name: 'Steuerberatung Muster KG', ntcsId: '4711', webekuUser: 'WEBEKU-MUSTER', webekuPassword: SECRET }))
    expect(saved).toMatchObject({ name: 'Steuerberatung Muster KG', ntcsId: 4711, webekuUser: 'WEBEKU-MUSTER', webekuPasswordSet: true, saved: true })
    const row = await server.knex('firm').first()
    expect(row.webeku_password_sealed).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(JSON.stringify(row)).not.toContain(SECRET)
    const sealedBefore = row.webeku_password_sealed

    const renamed = record(await admin.app.service('firm').patch('firm', { name: 'Steuerberatung Muster & Partner KG', ntcsId: '4711', webekuUser: 'WEBEKU-MUSTER', webekuPassword: '' }))
    expect(renamed).toMatchObject({ name: 'Steuerberatung Muster & Partner KG', webekuPasswordSet: true })
    expect((await server.knex('firm').first()).webeku_password_sealed).toBe(sealedBefore)

    const newPassword = record(await admin.app.service('firm').patch('firm', { name: 'Steuerberatung Muster & Partner KG', ntcsId: '4711', webekuUser: 'WEBEKU-MUSTER', webekuPassword: SECOND_SECRET }))
    expect(newPassword.webekuPasswordSet).toBe(true)
    expect((await server.knex('firm').first()).webeku_password_sealed).not.toBe(sealedBefore)
  })

  it('opens the sealed password only with the key of the data directory', async () => {
    const { openSecret } = await import('../../packages/server/src/security/secret-box')
    const { sealedWebekuPassword } = await import('../../packages/server/src/models/firm')
    expect(await openSecret(server.dataDir, (await sealedWebekuPassword(server.knex))!)).toBe(SECOND_SECRET)
  })

  it('audits each change with the changed fields and never the password', async () => {
    record(await admin.app.service('audit-log').find({ query: { $limit: 100 } }))
    const rows = (await server.knex('audit_log').where({ entity: 'firm' }).orderBy('id')) as { action: string }[]
    expect(rows.map((row) => row.action)).toEqual(['firm.create', 'firm.change', 'firm.change'])
    expect(JSON.stringify(rows)).not.toContain(SECRET)
    expect(JSON.stringify(rows)).not.toContain(SECOND_SECRET)
    expect(JSON.stringify(rows)).toContain('"webekuPassword":"changed"')
  })

  it('refuses colleagues without adm', async () => {
    const staff = await connectAs(server.url, 'staff')
    try {
      expect(await failure(staff.app.service('firm').find())).toMatchObject({ code: 403 })
      expect(await failure(staff.app.service('firm').patch('firm', { name: 'X', ntcsId: '1', webekuUser: 'U', webekuPassword: 'x' }))).toMatchObject({ code: 403 })
    } finally {
      staff.close()
    }
  })

  it('deletes the firm with its password, and a second delete says there is none', async () => {
    expect(record(await admin.app.service('firm').remove('firm'))).toMatchObject({ saved: false, webekuPasswordSet: false })
    expect(Number((await server.knex('firm').count('* as n').first())!.n)).toBe(0)
    expect(await failure(admin.app.service('firm').remove('firm'))).toMatchObject({ code: 404, data: { key: 'admin:firm.deleteNothing' } })
  })

  it('never answered or sent either password, in any answer or event', () => {
    expect(seen.length).toBeGreaterThan(5)
    for (const text of seen) {
      expect(text).not.toContain(SECRET)
      expect(text).not.toContain(SECOND_SECRET)
    }
  })
})

describe('tax firm with the operator’s key (SECRETS_KEY)', () => {
  it('seals the WEBEKU password with SECRETS_KEY instead of a key file in the data directory', async () => {
    const key = randomBytes(32)
    const server = await startTestServer({ env: { SECRETS_KEY: key.toString('base64') } })
    const admin = await connectAs(server.url, 'admin')
    try {
      await admin.app.service('firm').patch('firm', { name: 'Kanzlei', ntcsId: '1', webekuUser: 'U', webekuPassword: SECRET })
      const [iv, tag, body] = String((await server.knex('firm').first()).webeku_password_sealed).split('.').map((part) => Buffer.from(part, 'base64url'))
      const decipher = createDecipheriv('aes-256-gcm', key, iv!)
      decipher.setAuthTag(tag!)
      expect(Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8')).toBe(SECRET)
      expect(existsSync(join(server.dataDir, 'secrets.key'))).toBe(false)
    } finally {
      admin.close()
      await server.close()
    }
  })
})
