import { describe, expect, it } from 'vitest'
import { cleanOcrWord } from './page-text'

describe('cleanOcrWord', () => {
  it('reads a semicolon between digits before two more as a decimal comma', () => {
    expect(cleanOcrWord('34;73')).toBe('34,73')
    expect(cleanOcrWord('1.234;56€')).toBe('1.234,56€')
  })

  it('leaves semicolons that separate things alone', () => {
    expect(cleanOcrWord('a;b')).toBe('a;b')
    expect(cleanOcrWord('12;345')).toBe('12;345')
    expect(cleanOcrWord('Tage;')).toBe('Tage;')
  })
})
