import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { generate } from 'otplib'
import { hashPassword } from '../../packages/server/src/oidc/passwords'
import { freePort, startTestServer, type TestServer } from '../support/server'
import { signIn } from '../support/tokens'
import { connect } from '../integration/services.support'
import { runPortal, startPortal } from './cli.support'
import { openBrowser, type BrowserSession } from '../support/browser'
import { watchCspViolations } from '../support/csp'
import { buildWebInto, submitSignInForm, waitForShell } from './web-support'

// Account security end to end (issue 20): the built portal on the real server and provider in Debian's Chromium. A
// user sets up an authenticator app (codes computed with otplib), signs in with a code and once with a recovery code
// (the second use fails), registers a passkey with Chromium's virtual authenticator and signs in with it alone, and
// logs out another device, whose socket is told at once; setting up the app, adding and removing a passkey first ask
// to confirm it is you in a dialog (issue 30: the password; the password and a code, by keyboard; the password and
// the passkey); the real `portal login` goes through the same second-factor
// page in Chromium; the language chosen on /account/preferences holds at once in the web, the CLI and the provider's
// pages. WebAuthn needs a host name, not an IP address: the portal runs as http://localhost.

const PASSWORD = 'e2e-security-password'
const FLOW_TIMEOUT = 300_000
let server: TestServer
let scratch: string
/** The CLI's config directory (its tokens): signed in by the `portal login` test, used by the language test. */
let cliConfig: string
let url: string
let email: string
let secret = ''
let recoveryCodes: string[] = []
const sessions: BrowserSession[] = []
let cspChecks: (() => string[])[] = []
/** A fresh Chromium (own profile) whose page is watched for content-security-policy violations. */
const pages = {
  async open(): Promise<Page> {
    const session = await openBrowser({ viewport: { width: 1280, height: 900 } })
    sessions.push(session)
    cspChecks.push(await watchCspViolations(session.page))
    return session.page
  },
  async closeAll(): Promise<void> {
    const violations = cspChecks.flatMap((check) => check())
    cspChecks = []
    for (const session of sessions.splice(0)) await session.close()
    expect(violations).toEqual([])
  },
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'portal-security-e2e-'))
  cliConfig = join(scratch, 'cli-config')
  await buildWebInto(join(scratch, 'dist'))
  const port = await freePort()
  url = `http://localhost:${port}`
  server = await startTestServer({ port, env: { WEB_DIR: join(scratch, 'dist'), PUBLIC_URL: url } })
  email = `secure-${Date.now()}@test.portal`
  await server.knex('users').insert({
    keycloak_id: crypto.randomUUID(),
    username: email.split('@')[0],
    email,
    first_name: 'Sandra',
    last_name: 'Sicher',
    locale: 'en',
    permissions: ['doc'],
    client_access: 'all',
    enabled: true,
    password_hash: await hashPassword(PASSWORD),
  })
}, FLOW_TIMEOUT)
afterEach(() => pages.closeAll())
afterAll(async () => {
  await server?.close()
  if (scratch) await rm(scratch, { recursive: true, force: true })
}, FLOW_TIMEOUT)

/**
 * A fresh authenticator code: a code works once, so each sign-in takes the step after the last one used. The server
 * accepts the steps before and after the clock's, so three codes are at hand without waiting (the one before only
 * while its window is more than 5 s from closing); past those, the clock is waited for.
 */
let lastStep = 0
async function nextCode(): Promise<string> {
  const now = Date.now() / 30_000
  const earliest = now % 1 < 25 / 30 ? Math.floor(now) - 1 : Math.floor(now)
  const step = Math.max(earliest, lastStep + 1)
  while (step > Math.floor(Date.now() / 30_000) + 1) await new Promise((resolve) => setTimeout(resolve, 500))
  lastStep = step
  return generate({ secret, epoch: step * 30 })
}

/**
 * Each test starts with no code used yet: the server's replay record and ours are cleared, so a test's codes come
 * without waiting for the clock (each test still proves within itself that a used code is refused). It took 30 s a
 * code before, 2 of the file's 3.7 minutes.
 */
beforeEach(async () => {
  if (!secret) return
  const user = await server.knex('users').where({ email }).first('id')
  await server.knex('user_totp').where({ user_id: user.id }).update({ last_step: null })
  lastStep = 0
})

/** Signs in on the provider's pages with the password and, when asked, a code. */
async function signInWith(page: Page, code?: () => Promise<string>): Promise<void> {
  await page.goto(`${url}/account/preferences`)
  await submitSignInForm(page, email, PASSWORD)
  if (code) {
    await page.waitForSelector('input[name=code]')
    await page.fill('input[name=code]', await code())
    await page.click('form button[type=submit]')
  }
  await waitForShell(page)
}

/**
 * Answers the step-up dialog by keyboard alone: the focus starts in the password field, Tab leads to the code field
 * (when asked), Enter confirms. Waits until the dialog has closed.
 */
async function confirmItIsYou(page: Page, code?: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' })
  await dialog.waitFor()
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('step-up-password')
  await page.keyboard.type(PASSWORD)
  if (code) {
    await page.keyboard.press('Tab')
    await page.keyboard.type(code)
  }
  await page.keyboard.press('Enter')
  await dialog.waitFor({ state: 'detached' })
}

/** Adds Chromium's virtual authenticator (DevTools protocol) to a page; answers its id and the CDP session. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  return { cdp, authenticatorId }
}

describe('account security in the browser', () => {
  it(
    'sets up the authenticator app and signs in with a code; a recovery code works once',
    async () => {
      const page = await pages.open()
      await signInWith(page)
      // The personal information the firm keeps, read-only: here no phone, the firm, every client (access "all").
      await expect.poll(() => page.textContent('[data-testid=account-clients]')).toContain('1001')
      expect(await page.textContent('[data-testid=account-phone]')).toBe('none')
      expect((await page.textContent('[data-testid=account-firm]'))?.trim()).not.toBe('')
      await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
      // A session alone may not set it up: the dialog asks for the password (no second factor yet). A wrong one is
      // refused at the field, then the right one opens the set-up.
      const dialog = page.getByRole('dialog', { name: 'Confirm it is you' })
      await dialog.waitFor()
      await page.fill('input[name=step-up-password]', 'not-my-password')
      await page.keyboard.press('Enter')
      await dialog.getByText('The password is not correct').waitFor()
      await page.fill('input[name=step-up-password]', '')
      await confirmItIsYou(page)
      secret = (await page.textContent('[data-testid=totp-secret]'))!.trim()
      // A wrong code first: the error is shown, nothing is set up.
      await page.fill('input[name=totp-code]', '000000')
      await page.keyboard.press('Enter')
      await page.getByText('The code is not valid or was already used').waitFor()
      await page.fill('input[name=totp-code]', await nextCode())
      await page.keyboard.press('Enter')
      await page.waitForSelector('[data-testid=recovery-codes]')
      recoveryCodes = await page.$$eval('[data-testid=recovery-codes] li', (items: Element[]) => items.map((item) => item.textContent ?? ''))
      expect(recoveryCodes).toHaveLength(10)
      await page.getByRole('button', { name: 'I have saved the codes' }).click()
      await expect.poll(() => page.textContent('[data-testid=totp-status]')).toContain('An authenticator app is set up.')

      // Signing in again (a fresh browser): the password, then the code.
      const second = await pages.open()
      await signInWith(second, nextCode)
      expect(await second.textContent('[data-testid=account-email]')).toBe(email)

      // A recovery code signs in once; the second time the page refuses it.
      const third = await pages.open()
      await signInWith(third, async () => recoveryCodes[0])
      const fourth = await pages.open()
      await fourth.goto(`${url}/account/preferences`)
      await submitSignInForm(fourth, email, PASSWORD)
      await fourth.fill('input[name=code]', recoveryCodes[0])
      await fourth.click('form button[type=submit]')
      await fourth.getByText('The code is not valid or was already used.').waitFor()
    },
    FLOW_TIMEOUT,
  )

  it(
    'registers a passkey with the virtual authenticator, signs in with it alone, and confirms with it before removing it',
    async () => {
      const page = await pages.open()
      const { cdp, authenticatorId } = await virtualAuthenticator(page)
      await signInWith(page, nextCode)
      await page.fill('input[name=passkey-name]', 'Office laptop')
      await page.getByRole('button', { name: 'Add a passkey or security key' }).click()
      // The session alone may not add one: the password and a code from the app first, then the key is created.
      await confirmItIsYou(page, await nextCode())
      await page.waitForSelector('[data-testid=passkey-name]')
      expect(await page.textContent('[data-testid=passkey-name]')).toBe('Office laptop')
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
      expect(credentials).toHaveLength(1)

      // Another browser holding the same key: "Sign in with a passkey", no name, no password, no code.
      const other = await pages.open()
      const second = await virtualAuthenticator(other)
      await second.cdp.send('WebAuthn.addCredential', { authenticatorId: second.authenticatorId, credential: credentials[0] })
      await other.goto(`${url}/account/preferences`)
      await other.getByRole('button', { name: 'Sign in with a passkey' }).click()
      await waitForShell(other)
      expect(await other.textContent('[data-testid=account-email]')).toBe(email)

      // That browser signed in with the passkey alone, so it has proved nothing: removing the passkey asks to confirm
      // it is you, here with the password and the passkey instead of a code.
      await other.getByRole('button', { name: 'Remove: Office laptop' }).click()
      await other.getByRole('button', { name: 'Yes, continue' }).click()
      const dialog = other.getByRole('dialog', { name: 'Confirm it is you' })
      await dialog.waitFor()
      await other.fill('input[name=step-up-password]', PASSWORD)
      await dialog.getByRole('button', { name: 'Confirm with a passkey instead of a code' }).click()
      await dialog.waitFor({ state: 'detached' })
      await expect.poll(() => other.locator('[data-testid=passkey]').count()).toBe(0)
    },
    FLOW_TIMEOUT,
  )

  it(
    'logs out another device: its socket is told at once',
    async () => {
      // The other device: a socket signed in with its own sign-in (grant).
      const tokens = await signIn(url, email, PASSWORD, { answers: { code: await nextCode() } })
      const device = await connect(url, tokens.idToken)
      const ended = new Promise<unknown>((resolve) => device.socket.once('authentication ended', resolve))
      const page = await pages.open()
      await signInWith(page, nextCode)
      await page.waitForSelector('[data-testid=device][data-current=true]')
      expect(await page.locator('[data-testid=device]').count()).toBeGreaterThan(1)
      await page.getByRole('button', { name: 'Log out all other devices' }).click()
      await page.getByText(/devices were logged out/).waitFor()
      expect(await ended).toMatchObject({ key: 'idp:errors.sessionEnded' })
      await expect(device.app.service('account-security').find()).rejects.toMatchObject({ code: 401 })
      // The list is read again after the answer; it may still show the others for a moment.
      await expect.poll(() => page.locator('[data-testid=device]').count()).toBe(1)
      device.close()
    },
    FLOW_TIMEOUT,
  )

  it(
    '`portal login` of a user with an authenticator app completes through the second-factor page in Chromium',
    async () => {
      // No browser for the CLI (PORTAL_NO_BROWSER): the test opens the printed address in Chromium, as a person would.
      const login = startPortal(['login', '--server', url], { PORTAL_CONFIG_DIR: cliConfig })
      const [, userCode] = await login.waitForStderr(/one-time code: (\S+)/)
      const [, verification] = await login.waitForStderr(/Open (\S+) in a browser/)
      const page = await pages.open()
      await page.goto(verification)
      // The address carries the code: the provider asks to confirm it (else it asks for it first).
      await page.waitForSelector('input[type=text][name=user_code], button[name=abort]')
      if (await page.locator('input[type=text][name=user_code]').count()) {
        await page.fill('input[name=user_code]', userCode)
        await page.click('button[type=submit]')
      }
      await page.locator('button[type=submit]:not([name=abort])').click()
      await submitSignInForm(page, email, PASSWORD)
      // The password alone is not enough: the provider asks for the code, and refuses a wrong one first.
      await page.waitForSelector('input[name=code]')
      await page.fill('input[name=code]', '000000')
      await page.click('form button[type=submit]')
      await page.getByText('The code is not valid or was already used.').waitFor()
      await page.fill('input[name=code]', await nextCode())
      await page.click('form button[type=submit]')
      const done = await login.done
      expect(done.code, done.stderr).toBe(0)
      expect(done.stderr).toContain(`(${email})`)
      // The CLI is signed in as the user: `portal whoami` answers with the account.
      const whoami = await runPortal(['whoami'], { PORTAL_CONFIG_DIR: cliConfig })
      expect(whoami.code, whoami.stderr).toBe(0)
      expect(whoami.stdout).toContain(email)
      expect(whoami.stdout).toContain('Sandra Sicher')
    },
    FLOW_TIMEOUT,
  )

  it(
    'the language chosen on /account/preferences holds at once in the web, the CLI and the provider’s pages',
    async () => {
      // Another browser of the same user, already open on the account page.
      const watcher = await pages.open()
      await signInWith(watcher, nextCode)
      const page = await pages.open()
      await signInWith(page, nextCode)
      await page.getByLabel('Language').selectOption('de')
      // The page switches at once, without a reload; so does the other open browser.
      await page.waitForFunction(() => document.documentElement.lang === 'de')
      await expect.poll(() => page.textContent('[data-testid=totp-status]')).toContain('Eine Authenticator-App ist eingerichtet.')
      await expect.poll(() => watcher.textContent('[data-testid=totp-status]'), { timeout: 15_000 }).toContain('Eine Authenticator-App ist eingerichtet.')
      await expect.poll(async () => (await server.knex('users').where({ email }).first('locale'))?.locale).toBe('de')

      // The CLI, in an English shell (LANG=en_US.UTF-8) and without --lang, answers in the account's language: the
      // server may serve its cached session user for a few seconds, so the first German answer is waited for.
      const cli = { PORTAL_CONFIG_DIR: cliConfig, PORTAL_LANG: '' }
      await expect
        .poll(async () => (await runPortal(['whoami'], cli)).stdout, { timeout: 30_000, interval: 1_000 })
        .toMatch(/Berechtigungen\s.*doc/)
      // Cached with the tokens: even the help (no server asked) is German now; --lang still wins.
      expect((await runPortal(['--help'], cli)).stdout).toContain('Befehle:')
      const english = await runPortal(['--lang', 'en', 'whoami'], cli)
      expect(english.stdout).toMatch(/Permissions\s.*doc/)

      // A fresh browser asking for English: the sign-in page is English (nobody known yet), the second-factor page
      // after the password is German, and so is the portal afterwards.
      const other = await pages.open()
      await other.goto(`${url}/account/preferences`)
      await other.waitForSelector('input[name=username]')
      expect(await other.getAttribute('html', 'lang')).toBe('en')
      await submitSignInForm(other, email, PASSWORD)
      await other.waitForSelector('input[name=code]')
      expect(await other.getAttribute('html', 'lang')).toBe('de')
      await other.getByText('Code aus Ihrer Authenticator-App oder ein Wiederherstellungscode').waitFor()
      await other.fill('input[name=code]', await nextCode())
      await other.click('form button[type=submit]')
      await waitForShell(other)
      await expect.poll(() => other.textContent('[data-testid=totp-status]')).toContain('Eine Authenticator-App ist eingerichtet.')
    },
    FLOW_TIMEOUT,
  )
})
