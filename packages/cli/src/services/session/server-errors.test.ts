import { describe, expect, it } from 'vitest'
import { CliError, NotSignedInError } from '../../errors'
import { toCliError } from './server-errors'

describe('toCliError', () => {
  it('turns a refused connection into "cannot reach" with a hint', () => {
    const error = toCliError(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }), 'http://x')
    expect(error).toBeInstanceOf(CliError)
    expect(error).toMatchObject({ key: 'errors.unreachable', params: { server: 'http://x', message: 'ECONNREFUSED' }, hintKey: 'hints.server' })
  })

  it('turns a 401 into "not signed in" (exit 4) and other answers into the server message', () => {
    expect(toCliError({ code: 401, message: 'jwt expired' }, 'http://x')).toBeInstanceOf(NotSignedInError)
    expect(toCliError({ code: 403, message: 'Forbidden' }, 'http://x')).toMatchObject({ key: 'errors.server', params: { message: 'Forbidden' } })
  })
})
