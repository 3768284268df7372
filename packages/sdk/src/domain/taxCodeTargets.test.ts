import { describe, expect, it } from 'vitest'
import { TAX_CODES } from './taxCodes'
import {
  DEFAULT_TAX_CODE_TARGETS,
  bmdBuchcodeOfSide,
  isBmdSteuercode,
  isDatevBu,
  resolveTaxCodeTargets,
} from './taxCodeTargets'

describe('tax code targets', () => {
  it('maps every internal tax code exactly once, in the order of the tax codes, with valid target codes', () => {
    expect(DEFAULT_TAX_CODE_TARGETS.map((line) => line.code)).toEqual(TAX_CODES.map((definition) => definition.code))
    for (const line of DEFAULT_TAX_CODE_TARGETS) {
      expect(isBmdSteuercode(line.bmdSteuercode), line.code).toBe(true)
      expect(isDatevBu(line.datevBu), line.code).toBe(true)
    }
  })

  it('lays a firm override over the defaults field by field and ignores unknown codes', () => {
    const resolved = resolveTaxCodeTargets(DEFAULT_TAX_CODE_TARGETS, [
      { code: 'V20', datevBu: '90' },
      { code: 'U13', bmdSteuercode: '3', datevBu: null },
      { code: 'X99', bmdSteuercode: '5' },
    ])
    expect(resolved.find((line) => line.code === 'V20')).toEqual({ code: 'V20', bmdSteuercode: '2', datevBu: '90' })
    expect(resolved.find((line) => line.code === 'U13')).toEqual({ code: 'U13', bmdSteuercode: '3', datevBu: '4' })
    expect(resolved).toHaveLength(DEFAULT_TAX_CODE_TARGETS.length)
    expect(resolved.some((line) => line.code === 'X99')).toBe(false)
  })

  it('validates target codes as digits in range and names the BMD side', () => {
    expect(isBmdSteuercode('99')).toBe(true)
    expect(isBmdSteuercode('100')).toBe(false)
    expect(isBmdSteuercode('')).toBe(false)
    expect(isDatevBu('')).toBe(true)
    expect(isDatevBu('12345')).toBe(false)
    expect(isDatevBu('9a')).toBe(false)
    expect(bmdBuchcodeOfSide('output')).toBe('1')
    expect(bmdBuchcodeOfSide('input')).toBe('2')
  })
})
