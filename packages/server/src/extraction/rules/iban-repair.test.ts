import { describe, expect, it } from 'vitest'
import { repairOcrIban } from './iban-repair'

describe('repairOcrIban', () => {
  it('swaps back a digit read as a letter where the format wants a digit', () => {
    expect(repairOcrIban('AT61 19O4 3002 3457 32O1')).toBe('AT611904300234573201')
    expect(repairOcrIban('DE89 37O4 OO44 O532 O13O OO')).toBe('DE89370400440532013000')
  })

  it('swaps back a letter read as a digit where the format wants a letter (the bank code of NL)', () => {
    expect(repairOcrIban('NL58RAB00198723202')).toBe('NL58RABO0198723202')
  })

  it('answers nothing when no swap passes the checksum or the length is wrong', () => {
    expect(repairOcrIban('AT61 1904 3002 3457 3202')).toBeNull()
    expect(repairOcrIban('AT61 19O4 3002 3457 320')).toBeNull()
    expect(repairOcrIban('XX61 1904 3002 3457 3201')).toBeNull()
  })

  it('leaves a valid IBAN to the validator: nothing to repair', () => {
    expect(repairOcrIban('AT611904300234573201')).toBeNull()
  })
})
