import { describe, expect, it } from 'vitest'
import { createError } from '../errors/create'
import { UNAUTHENTICATED, type SessionState, sessionReducer, sessionTransition } from './session'

interface User {
  email: string
  locale: string
}

const staff: User = { email: 'staff@demo.portal', locale: 'de' }
const signedIn: SessionState<User> = { status: 'authenticated', user: staff, accessToken: 'token-1' }

describe('session', () => {
  it('signs in on login and stores the token', () => {
    const next = sessionTransition<User>(UNAUTHENTICATED, { type: 'login', user: staff, accessToken: 'token-1' })
    expect(next).toEqual({ state: signedIn, token: 'store' })
  })

  it('signs out on logout and removes the token', () => {
    expect(sessionTransition(signedIn, { type: 'logout' })).toEqual({ state: UNAUTHENTICATED, token: 'remove' })
  })

  it('resets the session and drops the token on auth errors 401 to 407 only', () => {
    const notAuthenticated = createError('NotAuthenticated', 'errors:noAccessToken')
    expect(sessionTransition(signedIn, { type: 'authError', error: notAuthenticated })).toEqual({
      state: UNAUTHENTICATED,
      token: 'remove',
    })
    expect(sessionTransition(signedIn, { type: 'authError', error: { code: 406 } }).token).toBe('remove')
    const timeout = sessionTransition(signedIn, { type: 'authError', error: { code: 408 } })
    expect(timeout).toEqual({ state: signedIn, token: 'keep' })
  })

  it('updates the user of a signed-in session only', () => {
    const english = { ...staff, locale: 'en' }
    expect(sessionReducer(signedIn, { type: 'userUpdated', user: english })).toEqual({ ...signedIn, user: english })
    expect(sessionReducer<User>(UNAUTHENTICATED, { type: 'userUpdated', user: english })).toBe(UNAUTHENTICATED)
  })
})
