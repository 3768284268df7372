import { describe, expect, it } from 'vitest'
import { buildEpcPayload, validateEpcPayload } from './epcQr'

const transfer = { name: 'Wien Energie GmbH', iban: 'AT61 1904 3002 3457 3201', bic: 'BKAUATWW', amount: '1176.00', reference: 'RE-2026-0042' }

describe('EPC069-12 payload', () => {
  it('has the lines of a version 002 UTF-8 SEPA credit transfer and passes the rules', () => {
    const payload = buildEpcPayload(transfer)
    expect(payload.split('\n')).toEqual(['BCD', '002', '1', 'SCT', 'BKAUATWW', 'Wien Energie GmbH', 'AT611904300234573201', 'EUR1176.00', '', '', 'RE-2026-0042'])
    expect(validateEpcPayload(payload)).toEqual([])
  })

  it('leaves the BIC empty (allowed in 002) and puts an RF creditor reference in the structured line', () => {
    const payload = buildEpcPayload({ ...transfer, bic: '', reference: 'RF18 5390 0754 7034' })
    expect(payload.split('\n')).toEqual(['BCD', '002', '1', 'SCT', '', 'Wien Energie GmbH', 'AT611904300234573201', 'EUR1176.00', '', 'RF18539007547034'])
    expect(validateEpcPayload(payload)).toEqual([])
  })

  it('names every broken rule', () => {
    const broken = ['BCD', '003', '9', 'SCX', '', 'x'.repeat(71), 'AT611904300234573202', 'EUR0.00', 'abc', 'RF18', 'text', 'y'.repeat(71)].join('\n')
    expect(validateEpcPayload(broken).map((issue) => issue.rule)).toEqual([
      'version', 'characterSet', 'identification', 'bic', 'name', 'iban', 'amount', 'purpose', 'oneRemittanceOnly', 'information',
    ])
    expect(validateEpcPayload(`${buildEpcPayload(transfer)}\n`).map((issue) => issue.rule)).toContain('trailingSeparator')
    expect(validateEpcPayload(buildEpcPayload({ ...transfer, reference: 'z'.repeat(140), name: 'n'.repeat(70) }) + 'w'.repeat(80)).map((i) => i.rule)).toContain('payloadTooLong')
    expect(validateEpcPayload(buildEpcPayload({ ...transfer, amount: '1000000000.00' })).map((i) => i.rule)).toEqual(['amount'])
  })
})
