import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface AxeResult {
  violations: { id: string; impact: string; nodes: { target: string[] }[] }[]
}

/** Serious and critical axe violations of the page, one line per rule with the elements it names. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // The page as a user reads it, not mid-fade: a tooltip fading in over its anchor (focus given back to a button when
  // a drawer closes) measured as low contrast. Endless animations (spinners) are not waited for; 2 s at most.
  await page.evaluate(async () => {
    const ending = document.getAnimations().filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
    await Promise.race([Promise.all(ending.map((animation) => animation.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 2_000))])
  })
  // Evaluated through the debugging protocol, not as an inline <script>: the portal's CSP rightly refuses those.
  await page.evaluate(AXE_SOURCE)
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResult> } }).axe
    // Only violations are read: axe then skips building a selector for every passing node, most of its time on a
    // long list (the Accounting views, the screens sweep).
    return axe.run(document, { resultTypes: ['violations'] })
  })
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}
