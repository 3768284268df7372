import { describe, expect, it } from 'vitest'
import { VAT_CHECK_DIGIT_RULES } from './vatCheckDigits'
import { VAT_ID_FORMATS, normalizeVatId, vatId } from './vatId'

/**
 * Valid VAT ids of every supported prefix and the same number with one digit changed, from the public examples of
 * the member states' rules (as python-stdnum's documentation lists them).
 */
const EXAMPLES: Record<string, { valid: string[]; invalid: string[] }> = {
  AT: { valid: ['ATU13585627'], invalid: ['ATU13585626'] },
  BE: { valid: ['BE0403019261'], invalid: ['BE0403019262'] },
  BG: { valid: ['BG175074752', 'BG7523169263'], invalid: ['BG175074751', 'BG7523169264'] },
  CY: { valid: ['CY10259033P'], invalid: ['CY10259033Z'] },
  CZ: { valid: ['CZ25123891', 'CZ7103192745'], invalid: ['CZ25123890', 'CZ7103192746'] },
  DE: { valid: ['DE136695976'], invalid: ['DE136695978'] },
  DK: { valid: ['DK13585628'], invalid: ['DK13585627'] },
  EE: { valid: ['EE100931558'], invalid: ['EE100931557'] },
  EL: { valid: ['EL094259216'], invalid: ['EL094259217'] },
  ES: { valid: ['ESA13585625', 'ES12345678Z', 'ESB58378431', 'ESX5253868R'], invalid: ['ESA13585626', 'ES12345678A'] },
  FI: { valid: ['FI20774740'], invalid: ['FI20774741'] },
  FR: { valid: ['FR40303265045', 'FR23334175221', 'FRK7399859412'], invalid: ['FR84323140391'] },
  HR: { valid: ['HR33392005961'], invalid: ['HR33392005962'] },
  HU: { valid: ['HU12892312'], invalid: ['HU12892313'] },
  IE: { valid: ['IE6433435F', 'IE6433435OA', 'IE8D79739I'], invalid: ['IE6433435E', 'IE8D79739J'] },
  IT: { valid: ['IT00743110157'], invalid: ['IT00743110158'] },
  LT: { valid: ['LT119511515', 'LT100001919017'], invalid: ['LT100001919018', 'LT119511516'] },
  LU: { valid: ['LU15027442'], invalid: ['LU15027443'] },
  LV: { valid: ['LV40003521600'], invalid: ['LV40003521601'] },
  MT: { valid: ['MT11679112'], invalid: ['MT11679113'] },
  NL: { valid: ['NL004495445B01'], invalid: ['NL123456789B90'] },
  PL: { valid: ['PL8567346215'], invalid: ['PL8567346216'] },
  PT: { valid: ['PT501964843'], invalid: ['PT501964842'] },
  RO: { valid: ['RO18547290'], invalid: ['RO18547291'] },
  SE: { valid: ['SE123456789701'], invalid: ['SE123456789101'] },
  SI: { valid: ['SI50223054'], invalid: ['SI50223055'] },
  SK: { valid: ['SK2022749619'], invalid: ['SK2022749618'] },
  XI: { valid: ['XI980780684'], invalid: ['XI802311781'] },
}

describe('VAT id check digits of every EU country', () => {
  it('has a rule and examples for every prefix it knows a format of', () => {
    expect(Object.keys(VAT_CHECK_DIGIT_RULES).sort()).toEqual(Object.keys(VAT_ID_FORMATS).sort())
    expect(Object.keys(EXAMPLES).sort()).toEqual(Object.keys(VAT_ID_FORMATS).sort())
  })

  for (const [prefix, { valid, invalid }] of Object.entries(EXAMPLES)) {
    it(`${prefix}: accepts the valid examples and refuses a wrong check digit`, () => {
      for (const id of valid) expect(vatId(id), id).toBeNull()
      for (const id of invalid) expect(vatId(id), id).toEqual({ key: 'validation:vatId.checkFailed' })
    })
  }

  it('checks a number written with spaces, dots and dashes', () => {
    expect(vatId('DE 136.695-976')).toBeNull()
    expect(normalizeVatId('atu 135 856 27')).toBe('ATU13585627')
  })
})
