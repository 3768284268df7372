import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT, startPsd2Provider, state } from './contract-server'
import { isBalanced } from '../amounts'
import { entryKeys } from '../dedupe'
import { GoCardlessClient, Psd2ConsentExpired } from './gocardless'

// The adapter against a local server that follows the provider's documented contract (contract-server.ts).

describe('GoCardless Bank Account Data adapter against the documented contract', () => {
  let base: string
  let stop: () => Promise<void>
  beforeAll(async () => {
    const provider = await startPsd2Provider()
    base = provider.url
    stop = provider.stop
  })
  afterAll(() => stop())

  it('creates a 90-day consent, follows the link back, reads the linked account as a balanced statement', async () => {
    const client = new GoCardlessClient({ url: base, secretId: 'id-1', secretKey: 'key-1' })
    const consent = await client.createConsent({ institutionId: 'ERSTE_GIBAATWW', redirect: 'http://portal.test/banking/1001', reference: 'access-7', days: 90, language: 'de' })
    expect(consent).toMatchObject({ id: 'req-1', status: 'CR', link: `${base}/consent` })
    // The client consents at the bank and is sent back to the portal with the reference.
    const back = await fetch(consent.link, { redirect: 'manual' })
    expect(back.headers.get('location')).toBe('http://portal.test/banking/1001?ref=access-7')
    const linked = await client.consent('req-1')
    expect(linked).toMatchObject({ status: 'LN', accounts: [ACCOUNT] })

    const statement = await client.statement(ACCOUNT)
    expect(statement).toMatchObject({ account: 'AT402011182221219900', closingUnits: 115_010_000, openingUnits: (115_010 - 15_010) * 1000, closingDate: '2026-03-03' })
    expect(isBalanced(statement)).toBe(true)
    expect(statement.entries.map((entry) => entry.amountUnits)).toEqual([20_000_000, -4_990_000])
    expect(statement.entries[0]).toMatchObject({ counterpartyName: 'Muster Handels GmbH', counterpartyIban: 'AT791400000012345678', endToEndId: 'AR-2026-0007', bankReference: 'T1' })
    expect(statement.entries[1]).toMatchObject({ counterpartyName: 'Strom AG', mandateId: 'MANDATE-77' })
    // Fetched again (the next day's sync), the same movements get the same keys: nothing is stored twice.
    expect(entryKeys(statement.account, (await client.statement(ACCOUNT)).entries)).toEqual(entryKeys(statement.account, statement.entries))
  })

  it('tells an expired consent apart: requisition EX, or the agreement expired on the account endpoints', async () => {
    const client = new GoCardlessClient({ url: base, secretId: 'id-1', secretKey: 'key-1' })
    await expect(client.consent('gone')).rejects.toBeInstanceOf(Psd2ConsentExpired)
    state.agreementExpired = true
    await expect(client.statement(ACCOUNT)).rejects.toBeInstanceOf(Psd2ConsentExpired)
    state.agreementExpired = false
  })

  it('refuses wrong secrets', async () => {
    const client = new GoCardlessClient({ url: base, secretId: 'id-1', secretKey: 'wrong' })
    await expect(client.consent('req-1')).rejects.toThrow(/401/)
  })
})
