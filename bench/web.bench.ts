import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { openBrowser } from '../tests/support/browser'
import { startTestServer } from '../tests/support/server'
import { buildWeb, signInAt, waitForShell } from '../tests/e2e/web-support'
import { percentile, type BenchRow } from './table'

const LOADS = 10
const INITIAL_JS_TARGET_KB = 200
const SHELL_TARGET_MS = 500
// What main.tsx waits for before the first render besides the entry: the app's code and the shell's texts of one
// language (see the SDK's i18n/lazy.ts).
const BEFORE_FIRST_RENDER = ['src/App.tsx', 'sdk/src/i18n/bundles/en-core.ts']

interface ManifestChunk {
  file: string
  src?: string
  imports?: string[]
  isEntry?: boolean
  isDynamicEntry?: boolean
}

type Manifest = Record<string, ManifestChunk>

/** The chunks the browser must load before the app renders: the entry, the app, the shell's texts, and their imports. */
function initialChunks(manifest: Manifest): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const child of manifest[key]?.imports ?? []) visit(child)
  }
  for (const module of BEFORE_FIRST_RENDER) {
    const key = Object.keys(manifest).find((k) => k.endsWith(module))
    if (!key) throw new Error(`${module} is not a chunk of the build: update BEFORE_FIRST_RENDER to what main.tsx loads`)
    visit(key)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key)
  return seen
}

async function gzipBytes(dist: string, manifest: Manifest, keys: Iterable<string>): Promise<number> {
  let total = 0
  for (const key of keys) {
    const file = manifest[key].file
    if (file.endsWith('.js')) total += gzipSync(await readFile(join(dist, file)), { level: 9 }).length
  }
  return total
}

/**
 * Web portal figures: the first load's JavaScript (gzip, screens lazy-loaded) and the time from navigation to a
 * usable shell (top bar, company data ready) for a signed-in user, p50/p95 of 10 loads in Chromium on localhost.
 */
export async function run(): Promise<BenchRow[]> {
  const dist = await buildWeb()
  const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest
  const initial = initialChunks(manifest)
  const gzipKb = (await gzipBytes(dist, manifest, initial)) / 1024
  const server = await startTestServer({ env: { WEB_DIR: dist } })
  const browser = await openBrowser()
  try {
    const { page } = browser
    await signInAt(page, server.url, 'staff@demo.portal', '/invoices/1001')
    const times: number[] = []
    const fetched = new Set<string>()
    const onResponse = (response: { url(): string }) => {
      const path = new URL(response.url()).pathname
      if (path.endsWith('.js')) fetched.add(path.slice(1))
    }
    for (let i = 0; i < LOADS; i++) {
      if (i === 0) page.on('response', onResponse)
      const started = performance.now()
      await page.goto(`${server.url}/invoices/1001`)
      await waitForShell(page)
      await page.waitForSelector('[data-testid=scene-invoices]')
      times.push(performance.now() - started)
      if (i === 0) page.off('response', onResponse)
    }
    let screenJs = 0
    for (const file of fetched) screenJs += gzipSync(await readFile(join(dist, file)), { level: 9 }).length
    const p50 = percentile(times, 50)
    return [
      { group: 'web', metric: 'initial JS (gzip; entry, app, shell texts, their imports)', value: Number(gzipKb.toFixed(1)), unit: 'kB', target: `<= ${INITIAL_JS_TARGET_KB}`, ok: gzipKb <= INITIAL_JS_TARGET_KB },
      { group: 'web', metric: 'JS fetched for the shell and the Accounting screen (gzip)', value: Number((screenJs / 1024).toFixed(1)), unit: 'kB' },
      { group: 'web', metric: `navigation to usable shell p50 (${LOADS} loads)`, value: Math.round(p50), unit: 'ms', target: `< ${SHELL_TARGET_MS}`, ok: p50 < SHELL_TARGET_MS },
      { group: 'web', metric: `navigation to usable shell p95 (${LOADS} loads)`, value: Math.round(percentile(times, 95)), unit: 'ms' },
    ]
  } finally {
    await browser.close()
    await server.close()
  }
}
