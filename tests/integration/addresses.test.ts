import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Address } from '../../packages/sdk/src/services/index'
import { checkVies } from '../../packages/server/src/vies/vies'
import { startTestServer, type TestServer } from '../support/server'
import { connectAs, failure, nextEvent, type Connection } from './services.support'

/**
 * A local VIES that follows the Commission's REST contract: POST /check-vat-number with { countryCode, vatNumber }
 * answers { countryCode, vatNumber, requestDate, valid, name, address }; a member state that is down answers 500
 * with errorWrappers MS_UNAVAILABLE. ATU13585627 is valid, DE136695976's state is down, anything else invalid.
 */
function startVies(): Promise<{ server: Server; url: string; requests: { countryCode: string; vatNumber: string }[] }> {
  const requests: { countryCode: string; vatNumber: string }[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/rest-api/check-vat-number') {
        response.writeHead(404).end()
        return
      }
      const asked = JSON.parse(body) as { countryCode: string; vatNumber: string }
      requests.push(asked)
      response.setHeader('content-type', 'application/json')
      if (asked.countryCode === 'DE') {
        response.writeHead(500).end(JSON.stringify({ actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE', message: 'Member State unavailable' }] }))
        return
      }
      const valid = asked.countryCode === 'AT' && asked.vatNumber === 'U13585627'
      response.end(
        JSON.stringify({
          countryCode: asked.countryCode,
          vatNumber: asked.vatNumber,
          requestDate: '2026-11-24T10:00:00.000Z',
          valid,
          requestIdentifier: '',
          name: valid ? 'Muster Handels GmbH' : '---',
          address: valid ? 'Hauptstraße 1\n1010 Wien' : '---',
        }),
      )
    })
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest-api`, requests })))
}

describe('VIES adapter (REST contract)', () => {
  it('reads valid, invalid and a member state that is down; off and unreachable are unavailable', async () => {
    const vies = await startVies()
    try {
      expect(await checkVies(vies.url, 'AT', 'U13585627')).toEqual({ state: 'valid', name: 'Muster Handels GmbH', address: 'Hauptstraße 1\n1010 Wien', requestDate: '2026-11-24T10:00:00.000Z' })
      expect(await checkVies(vies.url, 'AT', 'U10223006')).toEqual({ state: 'invalid', requestDate: '2026-11-24T10:00:00.000Z' })
      expect(await checkVies(vies.url, 'DE', '136695976')).toEqual({ state: 'unavailable', reason: 'MS_UNAVAILABLE' })
      expect(await checkVies(undefined, 'AT', 'U13585627')).toEqual({ state: 'unavailable', reason: 'off' })
    } finally {
      vies.server.close()
    }
    expect((await checkVies(vies.url, 'AT', 'U13585627', 2000)).state).toBe('unavailable')
  })
})

describe('address register: search, create, edit, the UID check with VIES, and the existing VAT id', () => {
  let server: TestServer
  let admin: Connection
  let vies: Awaited<ReturnType<typeof startVies>>

  beforeAll(async () => {
    vies = await startVies()
    server = await startTestServer({ env: { VIES_URL: vies.url } })
    admin = await connectAs(server.url, 'admin')
  })

  afterAll(async () => {
    admin?.close()
    await server?.close()
    vies?.server.close()
  })

  it('requires a name and refuses a VAT id that breaks its format, check digit or country, saving nothing', async () => {
    expect(await failure(admin.app.service('addresses').create({ name: '  ' }))).toMatchObject({ code: 400, data: { key: 'validation:rpa.nameRequired', params: { field: 'name' } } })
    expect(await failure(admin.app.service('addresses').create({ name: 'A', vatId: 'ATU13585626' }))).toMatchObject({ data: { key: 'validation:vatId.checkFailed', params: { field: 'vatId' } } })
    expect(await failure(admin.app.service('addresses').create({ name: 'A', vatId: 'ATU1358' }))).toMatchObject({
      data: { key: 'validation:vatId.invalidForCountry', params: { country: 'AT', number: 'U1358' } },
    })
    expect(await failure(admin.app.service('addresses').create({ name: 'A', country: 'AT', vatId: 'DE136695976' }))).toMatchObject({ data: { key: 'validation:vatId.countryMismatch' } })
    expect(await failure(admin.app.service('addresses').create({ name: 'A', vatId: 'XX123' }))).toMatchObject({ data: { key: 'validation:vatId.format' } })
    expect(Number((await server.knex('addresses').count('* as n').first())!.n)).toBe(0)
    expect(vies.requests).toEqual([])
  })

  let muster: Address
  it('creates an address with a valid ATU number, confirmed by VIES, the result kept with its date', async () => {
    const event = nextEvent<Address>(admin.app, 'addresses', 'created', 10_000)
    muster = await admin.app.service('addresses').create({ name: 'Muster Handels GmbH', street: 'Hauptstraße 1', zip: '1010', town: 'Wien', country: 'at', rpaId: 'RPA-1', vatId: 'atu 135 856 27' })
    expect(muster).toMatchObject({ name: 'Muster Handels GmbH', country: 'AT', vatId: 'ATU13585627', vatCheck: { vatId: 'ATU13585627', state: 'valid', message: null, viesName: 'Muster Handels GmbH' } })
    expect(Date.now() - Date.parse(muster.vatCheck!.checkedAt)).toBeLessThan(60_000)
    expect(vies.requests.at(-1)).toEqual({ countryCode: 'AT', vatNumber: 'U13585627' })
    expect((await event)!.id).toBe(muster.id)
  })

  it('refuses the same VAT id again naming the existing entry, however it is written, and creates nothing', async () => {
    const refused = await failure(admin.app.service('addresses').create({ name: 'Doppelt GmbH', vatId: 'ATU 13585627' }))
    expect(refused.code).toBe(400)
    expect(refused.message).toBe(`Failed to create address in RPA database: VAT ID ATU13585627 already exists in the RPA database as "Muster Handels GmbH" (no. ${muster.id})`)
    expect(refused.data).toMatchObject({ key: 'admin:addresses.vatIdTaken', params: { vatId: 'ATU13585627', name: 'Muster Handels GmbH', id: muster.id } })
    expect(Number((await server.knex('addresses').count('* as n').first())!.n)).toBe(1)
  })

  it('saves a valid format when VIES cannot confirm it, saying the check failed', async () => {
    const german = await admin.app.service('addresses').create({ name: 'Beispiel AG', country: 'DE', vatId: 'DE136695976' })
    expect(german.vatCheck).toMatchObject({ state: 'formatValid', message: 'validation:vatId.checkFailed' })
    const invalid = await admin.app.service('addresses').create({ name: 'Nicht registriert OG', vatId: 'ATU10223006' })
    expect(invalid.vatCheck).toMatchObject({ state: 'invalid', message: 'admin:addresses.vies.invalid' })
  })

  it('saves a UK, Swiss or US id by its published format without asking VIES, saying VIES covers EU ids only', async () => {
    const count = vies.requests.length
    const uk = await admin.app.service('addresses').create({ name: 'Thames Software Ltd', country: 'GB', vatId: 'GB 123 4567 89' })
    expect(uk).toMatchObject({ vatId: 'GB123456789', vatCheck: { state: 'formatValid', message: 'validation:vatId.notInVies' } })
    const swiss = await admin.app.service('addresses').create({ name: 'Berner Treuhand AG', country: 'CH', vatId: 'CHE-116.281.710 MWST' })
    expect(swiss.vatCheck).toMatchObject({ vatId: 'CHE116281710MWST', state: 'formatValid' })
    expect(vies.requests.length).toBe(count)
    expect(await failure(admin.app.service('addresses').create({ name: 'B', country: 'GB', vatId: 'GB1234' }))).toMatchObject({
      data: { key: 'validation:vatId.invalidForCountry', params: { country: 'GB', field: 'vatId' } },
    })
    // The listing test below counts the register: these two leave it again.
    await server.knex('addresses').whereIn('id', [uk.id, swiss.id]).delete()
  })

  it('edits an address, keeps the check while the VAT id stays, checks again on request, and audits the change', async () => {
    const before = muster.vatCheck!.checkedAt
    const count = vies.requests.length
    const moved = await admin.app.service('addresses').patch(muster.id, { town: 'Graz', zip: '8010' })
    expect(moved).toMatchObject({ town: 'Graz', zip: '8010', vatCheck: { state: 'valid', checkedAt: before } })
    expect(vies.requests.length).toBe(count)
    const rechecked = await admin.app.service('addresses').patch(muster.id, { recheckVatId: true })
    expect(vies.requests.length).toBe(count + 1)
    expect(rechecked.vatCheck!.state).toBe('valid')
    const cleared = await admin.app.service('addresses').patch(muster.id, { vatId: '' })
    expect(cleared).toMatchObject({ vatId: '', vatCheck: null })
    const audit = (await server.knex('audit_log').where({ entity: 'address', entity_id: String(muster.id) }).orderBy('id')) as { action: string; after: unknown }[]
    expect(audit.map((entry) => entry.action)).toEqual(['address.create', 'address.change', 'address.recheck', 'address.change'])
  })

  it('finds by name, town or VAT id, looking only at the first 50 characters of the search', async () => {
    const find = async (search: string) => (await admin.app.service('addresses').find({ query: { search } })).data.map((address) => address.name)
    expect(await find('beispiel')).toEqual(['Beispiel AG'])
    expect(await find('DE 136 695')).toEqual(['Beispiel AG'])
    expect(await find('graz')).toEqual(['Muster Handels GmbH'])
    expect(await find(`Beispiel${' '.repeat(0)}${'x'.repeat(60)}`)).toEqual([])
    expect(await find(`${'Muster Handels GmbH'.padEnd(50, '%')}this part is ignored`)).toEqual([])
    const long = await admin.app.service('addresses').create({ name: `${'L'.repeat(50)} Langer Name` })
    expect(await find(`${'L'.repeat(50)} anything after fifty`)).toEqual([long.name])
    const page = await admin.app.service('addresses').find({ query: {} })
    expect(page.total).toBe(4)
    expect(page.data.map((address) => address.name)).toEqual(['Beispiel AG', long.name, 'Muster Handels GmbH', 'Nicht registriert OG'])
  })

  it('answers a missing address with not found', async () => {
    expect(await failure(admin.app.service('addresses').get(987654))).toMatchObject({ code: 404, data: { key: 'admin:addresses.notFound' } })
  })
})
