import { describe, expect, it } from 'vitest'
import { SvImportError, parseSvRows, svAttentionReasons, svPaymentReference, type SvImportProblem } from './svImport'
import { validateAddress, validateFirm } from './firmForm'

const problemOf = (run: () => unknown): SvImportProblem | undefined => {
  try {
    run()
  } catch (error) {
    if (error instanceof SvImportError) return error.problem
    throw error
  }
  return undefined
}

describe('contribution-account imports', () => {
  it('reads Austrian amounts, dates, yes/no and the status codes', () => {
    const [account] = parseSvRows('accounts', ['beitragskontonummer', 'partner_name', 'saldo', 'gueltig_ab', 'ksb_automatische_zustellung_aktiv'], [{ beitragskontonummer: '123 4567', partner_name: 'Muster', saldo: '1.250,40', gueltig_ab: '1.2.2024', ksb_automatische_zustellung_aktiv: 'ja' }], [2])
    expect(account).toMatchObject({ beitragskontonummer: '1234567', saldo: '1250.40', gueltig_ab: '2024-02-01', ksb_automatische_zustellung_aktiv: true })
    const [entry] = parseSvRows('transactions', ['beitragskontonummer', 'buchungsDatum', 'buchungstext', 'buchungszustand'], [{ beitragskontonummer: '0012345678', buchungsDatum: '2026-01-31', buchungstext: 'X', buchungszustand: 'ex' }], [2])
    expect(entry).toMatchObject({ buchungszustand: 'EX', soll: null })
  })

  it('refuses the first broken cell with its row, column and rule', () => {
    const header = ['beitragskontonummer', 'partner_name', 'saldo']
    expect(problemOf(() => parseSvRows('accounts', ['partner_name'], [{ partner_name: 'X' }], [2]))).toEqual({ row: 1, column: 'beitragskontonummer', rule: 'missingColumn', value: '' })
    expect(problemOf(() => parseSvRows('accounts', header, [{ beitragskontonummer: '12345', partner_name: 'X', saldo: '' }], [7]))).toEqual({ row: 7, column: 'beitragskontonummer', rule: 'account', value: '12345' })
    expect(problemOf(() => parseSvRows('accounts', header, [{ beitragskontonummer: '1234567', partner_name: '', saldo: '' }], [2]))).toMatchObject({ column: 'partner_name', rule: 'required' })
    expect(problemOf(() => parseSvRows('accounts', header, [{ beitragskontonummer: '1234567', partner_name: 'X', saldo: '1,234' + '5' }], [2]))).toMatchObject({ column: 'saldo', rule: 'amount' })
    const twice = [{ beitragskontonummer: '1234567', partner_name: 'X', saldo: '' }, { beitragskontonummer: '1234567', partner_name: 'Y', saldo: '' }]
    expect(problemOf(() => parseSvRows('accounts', header, twice, [2, 3]))).toMatchObject({ row: 3, rule: 'duplicate' })
    expect(problemOf(() => parseSvRows('accounts', header, [], []))).toMatchObject({ rule: 'empty' })
  })

  it('builds the payment reference of seven- and ten-digit accounts', () => {
    expect(svPaymentReference('1234567')).toBe('110001234567')
    expect(svPaymentReference('0012345678')).toBe('110012345678')
  })

  it('names why an account needs attention', () => {
    expect(svAttentionReasons({ saldo: '12.00', statuses: ['MA', 'EX'], authorizationEnds: ['2026-12-01'] }, '2026-11-24')).toEqual(['saldoDue', 'dunning', 'enforcement', 'authorizationExpiring'])
    expect(svAttentionReasons({ saldo: '-5.00', statuses: ['RV', 'I'], authorizationEnds: ['2027-06-01'] }, '2026-11-24')).toEqual([])
  })
})

describe('firm and address forms', () => {
  it('requires the firm fields and a numeric NTCS id', () => {
    expect(validateFirm({ name: 'Kanzlei', ntcsId: '4711', webekuUser: 'U' })).toEqual({})
    expect(validateFirm({ name: '', ntcsId: '47a', webekuUser: '' })).toMatchObject({ name: { key: 'validation:notEmpty' }, ntcsId: { key: 'validation:integer' }, webekuUser: { key: 'validation:notEmpty' } })
  })

  it('requires an address name and a VAT id valid for its country', () => {
    const base = { name: 'Muster', street: '', zip: '', town: '', country: 'AT', rpaId: '', vatId: '' }
    expect(validateAddress(base)).toEqual({})
    expect(validateAddress({ ...base, name: ' ' })).toEqual({ name: { key: 'validation:rpa.nameRequired' } })
    expect(validateAddress({ ...base, vatId: 'DE136695976' })).toMatchObject({ vatId: { key: 'validation:vatId.countryMismatch' } })
    expect(validateAddress({ ...base, vatId: 'ATU13585627' })).toEqual({})
  })
})
