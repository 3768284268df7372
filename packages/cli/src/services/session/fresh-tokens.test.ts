import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createContext } from '../../context'
import { fixedLanguage } from '../../i18n'
import { CliError, NotSignedInError } from '../../errors'
import { ExitCode } from '../../exit-codes'
import { testDeps } from '../../test/memory-io'
import type { IdentityClient, IdentityTokens } from './identity'
import { freshSession } from './fresh-tokens'

const SERVER = 'http://portal.test'
const NOW = 1_800_000_000_000
const jwt = (expSeconds: number) => `h.${Buffer.from(JSON.stringify({ exp: expSeconds })).toString('base64url')}.s`

function setup(refresh: IdentityClient['refresh'], server = SERVER) {
  const refreshed: string[] = []
  const test = testDeps({}, {
    refresh: async (token) => {
      refreshed.push(token)
      return refresh(token)
    },
  })
  test.deps.now = () => NOW
  const ctx = createContext(test.deps, { server }, fixedLanguage('en'))
  return { ctx, refreshed }
}

const stored = (idToken: string) => ({
  idToken,
  accessToken: 'at',
  refreshToken: 'rt-1',
  expiresAt: NOW,
  issuer: `${SERVER}/realms/portal`,
})

describe('freshSession', () => {
  it('uses a token with enough time left as it is', async () => {
    const { ctx, refreshed } = setup(async () => {
      throw new Error('must not refresh')
    })
    ctx.store.save(SERVER, stored(jwt(NOW / 1000 + 300)))
    expect((await freshSession(ctx)).idToken).toBe(jwt(NOW / 1000 + 300))
    expect(refreshed).toEqual([])
  })

  it('renews a token with under 80 s left and keeps the new tokens', async () => {
    const fresh: IdentityTokens = { idToken: jwt(NOW / 1000 + 600), accessToken: 'at-2', expiresAt: NOW + 600_000 }
    const { ctx, refreshed } = setup(async () => fresh)
    ctx.store.save(SERVER, { ...stored(jwt(NOW / 1000 + 79)), locale: 'de' })
    const session = await freshSession(ctx)
    expect(session.idToken).toBe(fresh.idToken)
    // The provider did not send a new refresh token: the old one is kept, and so is the cached account language.
    expect(ctx.store.get(SERVER)).toMatchObject({ idToken: fresh.idToken, accessToken: 'at-2', refreshToken: 'rt-1', locale: 'de' })
    expect(refreshed).toEqual(['rt-1'])
  })

  it('forgets the session and asks for a sign-in when the provider refuses the refresh', async () => {
    const { ctx } = setup(async () => {
      throw Object.assign(new Error('grant request is invalid'), { error: 'invalid_grant' })
    })
    ctx.store.save(SERVER, stored(jwt(NOW / 1000 - 10)))
    await expect(freshSession(ctx)).rejects.toBeInstanceOf(NotSignedInError)
    expect(ctx.store.get(SERVER)).toBeUndefined()
  })

  describe('without a session', () => {
    // Something that answers HTTP, as a portal server does.
    let answering: Server
    let url: string
    beforeAll(async () => {
      answering = createServer((_request, response) => response.end('ok'))
      await new Promise<void>((resolve) => answering.listen(0, '127.0.0.1', resolve))
      url = `http://127.0.0.1:${(answering.address() as AddressInfo).port}`
    })
    afterAll(() => new Promise<void>((resolve) => answering.close(() => resolve())))
    const unused = async (): Promise<never> => {
      throw new Error('unused')
    }

    it('asks for a sign-in where a server answers', async () => {
      const { ctx } = setup(unused, url)
      await expect(freshSession(ctx)).rejects.toBeInstanceOf(NotSignedInError)
    })

    it('says that nothing answers where no server listens (exit code 5), not "not signed in"', async () => {
      const closed = createServer()
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
      const port = (closed.address() as AddressInfo).port
      await new Promise<void>((resolve) => closed.close(() => resolve()))
      const { ctx } = setup(unused, `http://127.0.0.1:${port}`)
      const error = await freshSession(ctx).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(CliError)
      expect(error).not.toBeInstanceOf(NotSignedInError)
      expect(error).toMatchObject({ key: 'errors.nothingAnswers', exitCode: ExitCode.unreachable })
    })
  })
})
