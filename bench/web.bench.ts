import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { openBrowser } from '../tests/support/browser'
import { startTestServer } from '../tests/support/server'
import { buildWeb, signInAt, waitForShell } from '../tests/e2e/web-support'
import { percentile, type BenchRow } from './table'

const LOADS = 10
const INITIAL_JS_TARGET_KB = 250
const SHELL_TARGET_MS = 1000

interface ManifestChunk {
  file: string
  imports?: string[]
  isEntry?: boolean
}

/** The entry chunk and every chunk it imports statically: what the browser must load before the app runs. */
async function initialJsGzipBytes(dist: string): Promise<number> {
  const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const child of manifest[key]?.imports ?? []) visit(child)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key)
  let total = 0
  for (const key of seen) {
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
  const gzipKb = (await initialJsGzipBytes(dist)) / 1024
  const server = await startTestServer({ env: { WEB_DIR: dist } })
  const browser = await openBrowser()
  try {
    const { page } = browser
    await signInAt(page, server.url, 'staff@demo.portal', '/invoices/1001')
    const times: number[] = []
    for (let i = 0; i < LOADS; i++) {
      const started = performance.now()
      await page.goto(`${server.url}/invoices/1001`)
      await waitForShell(page)
      await page.waitForSelector('[data-testid=scene-invoices]')
      times.push(performance.now() - started)
    }
    const p50 = percentile(times, 50)
    return [
      { group: 'web', metric: 'initial JS (gzip)', value: Number(gzipKb.toFixed(1)), unit: 'kB', target: `<= ${INITIAL_JS_TARGET_KB}`, ok: gzipKb <= INITIAL_JS_TARGET_KB },
      { group: 'web', metric: `navigation to usable shell p50 (${LOADS} loads)`, value: Math.round(p50), unit: 'ms', target: `< ${SHELL_TARGET_MS}`, ok: p50 < SHELL_TARGET_MS },
      { group: 'web', metric: `navigation to usable shell p95 (${LOADS} loads)`, value: Math.round(percentile(times, 95)), unit: 'ms' },
    ]
  } finally {
    await browser.close()
    await server.close()
  }
}
