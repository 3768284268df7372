import { clearsToken } from '../errors/token'

/** Session state of §4: signed out, or signed in with the backend's user and access token. */
export type SessionState<U> =
  | { readonly status: 'unauthenticated' }
  | { readonly status: 'authenticated'; readonly user: U; readonly accessToken: string }

/** Things that happen to a session. */
export type SessionEvent<U> =
  /** The backend accepted a login or a silent check (`create /authentication`). */
  | { readonly type: 'login'; readonly user: U; readonly accessToken: string }
  /** The user logged out. */
  | { readonly type: 'logout' }
  /** A call failed; codes 401-407 end the session (§8), others leave it alone. */
  | { readonly type: 'authError'; readonly error: unknown }
  /** The backend sent a newer copy of the user (e.g. after a language change). */
  | { readonly type: 'userUpdated'; readonly user: U }

/** What to do with the stored access token after a transition. */
export type TokenEffect = 'store' | 'remove' | 'keep'

/** The state after an event plus what happens to the stored token. */
export interface SessionTransition<U> {
  readonly state: SessionState<U>
  readonly token: TokenEffect
}

/** The initial session: nobody signed in. */
export const UNAUTHENTICATED: SessionState<never> = { status: 'unauthenticated' }

/** Applies an event to the session and says whether to store, remove or keep the stored token. */
export function sessionTransition<U>(state: SessionState<U>, event: SessionEvent<U>): SessionTransition<U> {
  switch (event.type) {
    case 'login':
      return { state: { status: 'authenticated', user: event.user, accessToken: event.accessToken }, token: 'store' }
    case 'logout':
      return { state: UNAUTHENTICATED, token: 'remove' }
    case 'authError':
      return clearsToken(event.error) ? { state: UNAUTHENTICATED, token: 'remove' } : { state, token: 'keep' }
    case 'userUpdated':
      return state.status === 'authenticated'
        ? { state: { ...state, user: event.user }, token: 'keep' }
        : { state, token: 'keep' }
  }
}

/** The session after an event (sessionTransition without the token effect), for reducer hooks. */
export function sessionReducer<U>(state: SessionState<U>, event: SessionEvent<U>): SessionState<U> {
  return sessionTransition(state, event).state
}
