import type { Page } from 'playwright-core'

/** What Chromium writes to the console when the content security policy blocks something. */
const VIOLATION = /Content Security Policy|Refused to (load|execute|apply|connect|create|frame|evaluate)|csp-violation/i

/**
 * Watches a page for content-security-policy violations: Chromium's console reports and the page's own
 * `securitypolicyviolation` events (re-announced on the console, on every page it loads). Call before the first
 * navigation; the returned function lists what was reported so far.
 */
export async function watchCspViolations(page: Page): Promise<() => string[]> {
  const reported: string[] = []
  page.on('console', (message) => {
    if (VIOLATION.test(message.text())) reported.push(message.text())
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`csp-violation ${event.effectiveDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`)
    })
  })
  return () => [...reported]
}
