import { describe, expect, it } from 'vitest'
import { LoginOptionsError, validateLoginOptions } from './options'

const base = { url: 'http://localhost:3030/', realm: 'portal', clientId: 'portal-web' }

function keyOf(run: () => unknown): string | undefined {
  try {
    run()
    return undefined
  } catch (error) {
    return error instanceof LoginOptionsError ? error.key : String(error)
  }
}

describe('validateLoginOptions', () => {
  it('applies the defaults: fragment, standard, S256, login-required', () => {
    expect(validateLoginOptions(base)).toEqual({
      issuer: 'http://localhost:3030/realms/portal',
      clientId: 'portal-web',
      responseMode: 'fragment',
      flow: 'standard',
      pkceMethod: 'S256',
      onLoad: 'login-required',
    })
    expect(validateLoginOptions({ ...base, responseMode: 'query', onLoad: 'check-sso' })).toMatchObject({ responseMode: 'query', onLoad: 'check-sso' })
  })

  it('refuses bad values with the §8 messages as i18n keys', () => {
    expect(keyOf(() => validateLoginOptions({ ...base, responseMode: 'form_post' }))).toBe('errors:login.invalidResponseMode')
    expect(keyOf(() => validateLoginOptions({ ...base, flow: 'magic' }))).toBe('errors:login.invalidFlow')
    expect(keyOf(() => validateLoginOptions({ ...base, flow: 'implicit' }))).toBe('errors:login.notSupported')
    expect(keyOf(() => validateLoginOptions({ ...base, pkceMethod: 'plain' }))).toBe('idp:options.invalidPkceMethod')
    expect(keyOf(() => validateLoginOptions({ ...base, onLoad: 'always' }))).toBe('errors:login.invalidOnLoad')
    expect(keyOf(() => validateLoginOptions({ ...base, clientId: '' }))).toBe('errors:login.clientIdMissing')
    expect(keyOf(() => validateLoginOptions({ ...base, realm: '' }))).toBe('errors:login.realmMissing')
  })

  it('gives the English message of §8', () => {
    expect(() => validateLoginOptions({ ...base, responseMode: 'x' })).toThrow('Invalid value for responseMode')
    expect(() => validateLoginOptions({ ...base, realm: '' })).toThrow('realm missing')
  })
})
