import { describe, expect, it } from 'vitest'
import { mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openSessionStore } from './session-store'

describe('session store', () => {
  it('keeps sessions per server in a file only the owner can read, and forgets them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-store-'))
    const store = openSessionStore(dir)
    const session = { idToken: 'id', accessToken: 'at', refreshToken: 'rt', expiresAt: 1, issuer: 'http://a/realms/portal' }
    store.save('http://a', session)
    store.save('http://b', { ...session, idToken: 'id-b' })
    expect(store.path).toBe(join(dir, 'portal.json'))
    expect(statSync(store.path).mode & 0o777).toBe(0o600)
    const reopened = openSessionStore(dir)
    expect(reopened.defaultServer()).toBe('http://b')
    expect(reopened.get('http://a')).toEqual(session)
    reopened.forget('http://b')
    expect(reopened.get('http://b')).toBeUndefined()
    expect(reopened.defaultServer()).toBeUndefined()
    expect(reopened.get('http://a')).toEqual(session)
  })

  it('caches the account’s language with a server’s session, and only there', () => {
    const store = openSessionStore(mkdtempSync(join(tmpdir(), 'portal-store-')))
    store.rememberLocale('http://a', 'de')
    expect(store.get('http://a')).toBeUndefined()
    store.save('http://a', { idToken: 'id', accessToken: 'at', expiresAt: 1, issuer: 'http://a/realms/portal' })
    store.rememberLocale('http://a', 'de')
    expect(store.get('http://a')?.locale).toBe('de')
    // Signing out forgets it with the tokens: the next run speaks LANG again.
    store.forget('http://a')
    store.save('http://a', { idToken: 'id', accessToken: 'at', expiresAt: 1, issuer: 'http://a/realms/portal' })
    expect(store.get('http://a')?.locale).toBeUndefined()
  })
})
