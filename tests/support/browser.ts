import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'

/** Where Debian's Chromium lives; CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

/** Raised when no Chromium is installed, with what to do about it. */
export class ChromiumMissingError extends Error {
  override name = 'ChromiumMissingError'
  constructor(path: string) {
    super(
      `Chromium was not found at ${path}. The browser tests use Debian's Chromium through playwright-core: ` +
        'install it with `sudo apt-get install -y chromium`, or set CHROMIUM_PATH to a Chromium binary.',
    )
  }
}

// Quiet, reproducible Chromium: no GPU, no QUIC, no first-run or background traffic (nothing may download).
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** A browser session with its own fresh profile; close() removes the profile. */
export interface BrowserSession {
  context: BrowserContext
  page: Page
  close(): Promise<void>
}

/** Options of openBrowser. */
export interface OpenBrowserOptions {
  /** Emulated colour scheme (the portal's default theme follows it). */
  colorScheme?: 'light' | 'dark'
  locale?: string
  viewport?: { width: number; height: number }
}

/** Starts headless Chromium with a fresh --user-data-dir and returns its first page. */
export async function openBrowser(options: OpenBrowserOptions = {}): Promise<BrowserSession> {
  if (!existsSync(CHROMIUM_PATH)) throw new ChromiumMissingError(CHROMIUM_PATH)
  const userDataDir = await mkdtemp(join(tmpdir(), 'portal-chromium-'))
  // playwright passes userDataDir as --user-data-dir; a persistent context is the only way to choose it.
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    colorScheme: options.colorScheme ?? 'light',
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? { width: 1280, height: 800 },
  })
  const page = context.pages()[0] ?? (await context.newPage())
  return {
    context,
    page,
    close: async () => {
      await context.close()
      await rm(userDataDir, { recursive: true, force: true })
    },
  }
}
