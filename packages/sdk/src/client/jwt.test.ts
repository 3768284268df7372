import { describe, expect, it } from 'vitest'
import { secondsLeft, tokenExpiry, tokenSubject } from './jwt'

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('token expiry', () => {
  it('reads exp from a JWT, also with non-ASCII claims', () => {
    const token = `h.${encode({ exp: 2000, name: 'Jürgen Größ' })}.s`
    expect(tokenExpiry(token)).toBe(2000)
    expect(secondsLeft(token, 1_920_000)).toBe(80)
  })

  it('treats unreadable tokens as expired and tokens without exp as lasting', () => {
    expect(secondsLeft('not-a-jwt', 0)).toBe(-Infinity)
    expect(secondsLeft(`h.${encode({ sub: 'x' })}.s`, 0)).toBe(Infinity)
  })
})

describe('token subject', () => {
  it('reads sub, and nothing from an unreadable token or one without it', () => {
    expect(tokenSubject(`h.${encode({ sub: 'f3b1-kc', name: 'Jürgen Größ' })}.s`)).toBe('f3b1-kc')
    expect(tokenSubject(`h.${encode({ exp: 1 })}.s`)).toBeNull()
    expect(tokenSubject(`h.${encode({ sub: '' })}.s`)).toBeNull()
    expect(tokenSubject('not-a-jwt')).toBeNull()
  })
})
