import { PassThrough } from 'node:stream'
import { mkdtempSync, rmSync } from 'node:fs'
import { onTestFinished } from 'vitest'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CliDeps } from '../context'
import type { CliIo } from '../io'
import { openSessionStore } from '../config/session-store'
import type { IdentityClient } from '../services/session/identity'

/** A stream that remembers what was written. */
export class Capture extends PassThrough {
  text = ''
  isTTY = false
  columns = 100
  constructor() {
    super()
    this.on('data', (chunk: Buffer) => (this.text += chunk.toString()))
  }
}

/** Dependencies for one test: captured streams, a temp config dir (removed after the test), an optional identity. */
export function testDeps(env: NodeJS.ProcessEnv = {}, identity?: Partial<IdentityClient>) {
  const stdout = new Capture()
  const stderr = new Capture()
  const opened: string[] = []
  const configDir = mkdtempSync(join(tmpdir(), 'portal-cli-test-'))
  onTestFinished(() => rmSync(configDir, { recursive: true, force: true }))
  const interrupt = new AbortController()
  const io: CliIo = {
    signal: interrupt.signal,
    stdout,
    stderr,
    stdin: new PassThrough(),
    env: { LANG: 'en_US.UTF-8', ...env },
    openBrowser: async (url) => {
      opened.push(url)
      return false
    },
  }
  const deps: CliDeps = {
    io,
    openStore: () => openSessionStore(configDir),
    identity: async (issuer) => {
      if (!identity) throw new Error(`no identity provider in this test (${issuer})`)
      return { issuer, ...identity } as IdentityClient
    },
    now: () => Date.now(),
  }
  return { deps, stdout, stderr, opened, configDir, interrupt }
}
