import { describe, expect, it } from 'vitest'
import { decideShellRequest } from './shellCache'

const ORIGIN = 'https://portal.example'
const shell = new Set(['/index.html', '/manifest-en.webmanifest', '/icons/icon-192.png'])
const decide = (path: string, method = 'GET', mode = 'cors') => decideShellRequest({ url: `${ORIGIN}${path}`, method, mode }, ORIGIN, shell)

describe('the service worker\'s cache rule', () => {
  it('keeps the shell: code, styles, manifests, icons; pages fall back to the start page offline', () => {
    expect(decide('/assets/index-abc123.js')).toBe('shell')
    expect(decide('/assets/Capture-9f8e.css')).toBe('shell')
    expect(decide('/manifest-en.webmanifest')).toBe('shell')
    expect(decide('/icons/icon-192.png')).toBe('shell')
    expect(decide('/capture/1002', 'GET', 'navigate')).toBe('page')
  })

  it('never caches documents, page images, uploads, API answers, the socket or the identity provider', () => {
    for (const path of [
      '/api/documents/12/file',
      '/api/documents/12/pages/1',
      '/api/documents/hashes?client=1002&sha256=ab',
      '/api/import-files/bank-statements',
      '/socket.io/?EIO=4&transport=polling',
      '/realms/portal/protocol/openid-connect/token',
      '/realms/portal/protocol/openid-connect/auth?client_id=portal-web',
    ]) {
      expect(decide(path)).toBe('network')
      expect(decide(path, 'GET', 'navigate')).toBe('network')
    }
    expect(decide('/logout', 'GET', 'navigate')).toBe('network')
    expect(decide('/api/documents/upload', 'POST')).toBe('network')
    expect(decide('/assets/index-abc123.js?v=1')).toBe('network')
    expect(decideShellRequest({ url: 'https://idp.example/realms/x', method: 'GET', mode: 'cors' }, ORIGIN, shell)).toBe('network')
  })
})
