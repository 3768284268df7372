import { existsSync } from 'node:fs'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

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

/** A browser session with its own fresh profile (a new browser context: no cookies, storage or cache of another). */
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

/**
 * How long the shared Chromium outlives its last session: long enough for the next test of a file to reuse it (a
 * launch costs one to three seconds on a busy machine, and an e2e run opens about a hundred sessions), short enough
 * that a script using openBrowser (the bench) is not kept waiting once it is done.
 */
const IDLE_CLOSE_MS = 5_000

let shared: Promise<Browser> | undefined
let sessions = 0
let idleTimer: NodeJS.Timeout | undefined

/** The process's one headless Chromium, launched on first use and again after it closed or crashed. */
function sharedBrowser(): Promise<Browser> {
  if (!shared) {
    const launching = chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS })
    shared = launching
    launching.then(
      (browser) => browser.on('disconnected', () => shared === launching && (shared = undefined)),
      () => shared === launching && (shared = undefined),
    )
  }
  return shared
}

/** Closes the shared Chromium once no session has used it for IDLE_CLOSE_MS. */
function closeWhenIdle(): void {
  clearTimeout(idleTimer)
  if (sessions > 0) return
  idleTimer = setTimeout(() => {
    const closing = shared
    shared = undefined
    void closing?.then((browser) => browser.close()).catch(() => undefined)
  }, IDLE_CLOSE_MS)
}

/**
 * Opens a fresh browser context (its own profile: cookies, storage, cache) in the process's shared headless
 * Chromium and returns its page; close() closes the context.
 */
export async function openBrowser(options: OpenBrowserOptions = {}): Promise<BrowserSession> {
  if (!existsSync(CHROMIUM_PATH)) throw new ChromiumMissingError(CHROMIUM_PATH)
  clearTimeout(idleTimer)
  sessions += 1
  try {
    const context = await (await sharedBrowser()).newContext({
      colorScheme: options.colorScheme ?? 'light',
      locale: options.locale ?? 'en-US',
      viewport: options.viewport ?? { width: 1280, height: 800 },
    })
    const page = await context.newPage()
    let closed = false
    return {
      context,
      page,
      close: async () => {
        if (closed) return
        closed = true
        try {
          await context.close()
        } finally {
          sessions -= 1
          closeWhenIdle()
        }
      },
    }
  } catch (error) {
    sessions -= 1
    closeWhenIdle()
    throw error
  }
}
