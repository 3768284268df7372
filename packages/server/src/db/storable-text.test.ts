import { describe, expect, it } from 'vitest'
import { hasNul, nulPosition, storableJson } from './storable-text'

describe('storable text: no NUL reaches PostgreSQL', () => {
  it('finds the first NUL by line and column, whatever the line ends', () => {
    expect(nulPosition('a;b\nc;d')).toBeNull()
    expect(nulPosition('\u0000')).toEqual({ line: 1, column: 1 })
    expect(nulPosition('ab;c\r\nde\u0000f\u0000')).toEqual({ line: 2, column: 3 })
    expect(nulPosition('a\rb\n\nxy\u0000')).toEqual({ line: 4, column: 3 })
    expect(hasNul('x\u0000')).toBe(true)
  })

  it('makes a reason storable: every NUL in strings and keys shown as ␀, nothing else changed', () => {
    const reason = { key: 'scanners:refusal.foreignCompany', params: { client: '1\u0000', 'a\u0000': [1, null, 'b\\u0000'] } }
    expect(storableJson(reason)).toEqual({ key: 'scanners:refusal.foreignCompany', params: { client: '1\u2400', 'a\u2400': [1, null, 'b\\u0000'] } })
  })
})
