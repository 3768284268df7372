import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { entryKeys } from './dedupe'
import { BankFileError, readStatementFile } from './read-statement'

const fixture = (name: string): string => readFileSync(new URL(`../../../../tests/fixtures/banking/${name}`, import.meta.url), 'utf8')
const refused = (name: string): BankFileError => {
  try {
    readStatementFile(fixture(name))
  } catch (error) {
    if (error instanceof BankFileError) return error
    throw error
  }
  throw new Error(`${name} was accepted`)
}

describe('CAMT.053', () => {
  it('reads balances, entries and their details (Erste, v02)', () => {
    const [statement] = readStatementFile(fixture('camt053-erste-v02.xml'))
    expect(statement).toMatchObject({ format: 'camt053', statementId: 'STMT-2026-041', account: 'AT402011182221219900', currency: 'EUR', openingUnits: 1_000_000_000, closingUnits: 1_213_040_000, openingDate: '2026-02-27', closingDate: '2026-03-02' })
    // The pending entry moves no balance and is left out; the batch of two becomes two parts.
    expect(statement.entries.map((entry) => entry.amountUnits / 1000)).toEqual([120_000, 98_040, -12_000, -18_000, 25_000])
    expect(statement.entries[0]).toMatchObject({ endToEndId: 'AR-2026-0007', bankReference: '202603020001', counterpartyName: 'Muster Handels GmbH', counterpartyIban: 'AT791400000012345678', remittance: 'Rechnung AR-2026-0007 vom 10.02.2026', isReturn: false, batch: null })
    expect(statement.entries[1]).toMatchObject({ endToEndId: null, structuredReference: 'RF18539007547034', counterpartyName: 'Alpenblick Hotel KG' })
    expect(statement.entries[2]).toMatchObject({ counterpartyName: 'Büro Bedarf OG', counterpartyIban: 'DE89370400440532013000', batch: { reference: '202603020003', count: 2 } })
    expect(statement.entries[4]).toMatchObject({ isReturn: true, returnReason: 'AC04', mandateId: 'MANDATE-77', endToEndId: 'DD-0815' })
  })

  it('reads several statements and parties under Pty (Raiffeisen, v08)', () => {
    const statements = readStatementFile(fixture('camt053-raiffeisen-v08.xml'))
    expect(statements.map((statement) => statement.statementId)).toEqual(['RLB-2026-03-02', 'RLB-2026-03-03'])
    expect(statements[1].entries[0]).toMatchObject({ bookingDate: '2026-03-03', counterpartyName: 'Café Central e.U.', remittance: 'Teilzahlung AR-2026-0009' })
    expect(statements[1].entries[1]).toMatchObject({ amountUnits: -5_000_000, bookingText: 'Kontoführung' })
  })

  it('gives a movement delivered in two files the same key', () => {
    const [erste] = readStatementFile(fixture('camt053-erste-v02.xml'))
    const [raiffeisen] = readStatementFile(fixture('camt053-raiffeisen-v08.xml'))
    expect(entryKeys(raiffeisen.account, raiffeisen.entries)[0]).toBe(entryKeys(erste.account, erste.entries)[0])
    expect(new Set(entryKeys(erste.account, erste.entries)).size).toBe(erste.entries.length)
  })

  it('refuses a wrong balance naming the statement', () => {
    const error = refused('broken-camt053-wrong-balance.xml')
    expect(error.rule).toBe('unbalanced')
    expect(error.params.statement).toBe('STMT-2026-041')
    expect(error.message).toContain('STMT-2026-041')
  })

  it('refuses truncated XML and unknown tags', () => {
    expect(refused('broken-camt053-truncated.xml').rule).toBe('truncated')
    const unknown = refused('broken-camt053-unknown-tag.xml')
    expect(unknown.rule).toBe('unknownTag')
    expect(unknown.params.detail).toContain('Discount')
  })
})

describe('MT940', () => {
  it('reads the German structured :86: with SEPA keys and a return (Sparkasse)', () => {
    const [statement] = readStatementFile(fixture('mt940-sparkasse-structured.sta'))
    expect(statement).toMatchObject({ format: 'mt940', statementId: 'STARTUMSE/00042/001', account: 'AT402011182221219900', openingUnits: 1_164_950_000, closingUnits: 1_314_950_000, closingDate: '2026-03-04' })
    expect(statement.entries[0]).toMatchObject({ amountUnits: 150_000_000, endToEndId: 'AR-2026-0011', remittance: 'Rechnung AR-2026-0011 Danke', counterpartyName: 'Muster Handels GmbH', counterpartyIban: 'AT791400000012345678', bankReference: '8877665544', bookingText: 'GUTSCHRIFT' })
    expect(statement.entries[1]).toMatchObject({ amountUnits: -8_990_000, mandateId: 'MANDATE-77', isReturn: false })
    expect(statement.entries[2]).toMatchObject({ amountUnits: 8_990_000, isReturn: true, returnReason: 'MS03' })
  })

  it('reads free text in a SWIFT envelope (BAWAG)', () => {
    const [statement] = readStatementFile(fixture('mt940-bawag-freetext.sta'))
    expect(statement).toMatchObject({ statementId: 'BAWA260305/58/1', account: 'AT402011182221219900', closingUnits: 1_512_970_000 })
    expect(statement.entries[0]).toMatchObject({ amountUnits: 200_000_000, endToEndId: 'AR-2026-0012', counterpartyIban: 'AT886000000510012345', remittance: 'Alpenblick Hotel KG AT886000000510012345 RE AR-2026-0012 und AR-2026-0013' })
  })

  it('refuses a wrong balance, an unknown field and a file of another kind', () => {
    expect(refused('broken-mt940-wrong-balance.sta').params.statement).toBe('STARTUMSE/00042/001')
    expect(() => readStatementFile(':20:X\n:25:AT402011182221219900\n:99:what\n')).toThrow(/unknownTag/)
    expect(() => readStatementFile('Datum;Betrag\n')).toThrow(/format/)
    expect(() => readStatementFile(':20:X\n:25:AT402011182221219900\n:60F:C260303EUR1,00\n')).toThrow(/truncated/)
  })
  it('skips an export preamble before :20: (ABN AMRO, ING, Rabobank), and after each message', () => {
    const message = (id: string) => `ABNANL2A\n940\nABNANL2A\n:20:${id}\n:25:AT402011182221219900\n:28C:1/1\n:60F:C260303EUR1,00\n:61:260303C1,00NTRFNONREF\n:86:x\n:62F:C260303EUR2,00\n-\n`
    expect(readStatementFile(`${message('A')}${message('B')}`).map((statement) => statement.statementId)).toEqual(['A/1/1', 'B/1/1'])
  })

  it('refuses intraday reports (MT942, camt.052) as not booked, naming them', () => {
    expect(() => readStatementFile(':20:X\n:25:AT402011182221219900\n:28C:1\n:34F:EUR0,\n:13D:2603031200+0100\n')).toThrow(/interim/)
    expect(() => readStatementFile('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.08"><BkToCstmrAcctRpt/></Document>')).toThrow(/interim/)
  })
})
