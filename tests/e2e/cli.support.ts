import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { CookieJar, pageText, parseForm, request } from '../support/http'

const BIN = fileURLToPath(new URL('../../bin/portal', import.meta.url))

/** What a finished `portal` run left behind. */
export interface PortalRun {
  code: number | null
  stdout: string
  stderr: string
}

/** A running `portal` process whose output can be awaited line by line. */
export interface PortalProcess {
  /** Resolves with the first match of the pattern in stderr, waiting for it to appear. */
  waitForStderr(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>
  done: Promise<PortalRun>
}

/**
 * Starts the real `portal` binary (node bin/portal) with its own config dir and no browser, in English whatever the
 * signed-in account's language (the demo users' is German) unless a test sets PORTAL_LANG (or '' for the account's).
 */
export function startPortal(args: string[], env: Record<string, string>): PortalProcess {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORTAL_NO_BROWSER: '1', LANG: 'en_US.UTF-8', PORTAL_LANG: 'en', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  const waiters: (() => void)[] = []
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
    for (const wake of waiters.splice(0)) wake()
  })
  const done = new Promise<PortalRun>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })))
  return {
    done,
    waitForStderr: async (pattern, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const match = pattern.exec(stderr)
        if (match) return match
        if (Date.now() > deadline || child.exitCode !== null) {
          throw new Error(`portal did not print ${pattern} (exit ${child.exitCode}); stderr:\n${stderr}`)
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 200)
        })
      }
    },
  }
}

/** Runs `portal` to the end. */
export function runPortal(args: string[], env: Record<string, string>): Promise<PortalRun> {
  return startPortal(args, env).done
}

/**
 * Approves a device code as a person with a browser would: open the verification page, enter the code,
 * confirm, sign in with e-mail and password on the provider's form.
 */
export async function approveDeviceCode(
  verificationUri: string,
  userCode: string,
  email: string,
  password: string,
  /** More fields of later pages, e.g. `code` of the second-factor page. */
  more: Record<string, string> = {},
): Promise<string> {
  const jar = new CookieJar()
  let response = await request(jar, verificationUri)
  const answers: Record<string, string> = { ...more, user_code: userCode, username: email, password }
  for (let step = 0; step < 20; step++) {
    const location = response.headers.get('location')
    if (response.status >= 300 && response.status < 400 && location) {
      response = await request(jar, new URL(location, response.url || verificationUri).toString())
      continue
    }
    const html = await response.text()
    const form = parseForm(html, response.url || verificationUri)
    if (!form || response.status >= 400) return pageText(html)
    const fields = { ...form.fields }
    for (const [name, value] of Object.entries(answers)) if (name in fields) fields[name] = value
    // Each answer is given once; a form asking again means it was refused.
    for (const name of Object.keys(fields)) if (name in answers && name !== 'user_code') delete answers[name]
    response =
      form.method === 'POST'
        ? await request(jar, form.action, { form: fields })
        : await request(jar, `${form.action.split('?')[0]}?${new URLSearchParams(fields)}`)
  }
  throw new Error('too many steps on the provider pages')
}

/** Signs `portal` in as a demo user by the device flow, approved in the provider's pages as a person would. */
export async function signInPortal(env: Record<string, string>, email: string, password = 'portal-demo'): Promise<PortalRun> {
  const login = startPortal(['login'], env)
  const [, code] = await login.waitForStderr(/one-time code: (\S+)/)
  const [, url] = await login.waitForStderr(/Open (\S+) in a browser/)
  await approveDeviceCode(url, code, email, password)
  return login.done
}
