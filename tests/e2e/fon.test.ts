import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createElement } from 'react'
import { render } from 'ink-testing-library'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryStorage, createPortalClient, type PortalClient } from '../../packages/sdk/src/client/index'
import type { FonItem, Page } from '../../packages/sdk/src/services/index'
import { createConflictsWatcher } from '../../packages/cli/src/services/fon/watch-conflicts'
import { FonConflicts } from '../../packages/cli/src/ui/components/FonConflicts/FonConflicts'
import { createTranslator } from '../../packages/cli/src/i18n'
import { openBrowser, type BrowserSession } from '../support/browser'
import type { TestServer } from '../support/server'
import { deviceSignIn } from '../support/tokens'
import { generateFonFiles } from '../support/fon-files'
import { runPortal, signInPortal } from './cli.support'
import { signInAt, startWebPortal, type WebPortal } from './web-support'

// FON quota monitoring end to end (issue 15): the administrator imports both files with the real `portal` binary,
// resolves a conflict from the shell and sees it resolved in the open browser without a reload; then resolves one in
// the browser and the terminal's conflicts screen drops it live.
const FLOW_TIMEOUT = 300_000
/** Screenshots for docs/fon-monitoring.md (SCREENSHOT_DIR=docs/img) or a temporary folder. */
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? tmpdir()
const YEAR = new Date().getUTCFullYear() - 3

let portal: WebPortal
let server: TestServer
let scratch: string
let browser: BrowserSession
let env: Record<string, string>
let terminal: PortalClient

beforeAll(async () => {
  portal = await startWebPortal('fon')
  ;({ server, scratch } = portal)
  env = { PORTAL_CONFIG_DIR: join(scratch, 'cli'), PORTAL_SERVER: server.url }
  const files = generateFonFiles({ year: YEAR })
  await writeFile(join(scratch, 'ntcs-export.csv'), files.recordsCsv)
  await writeFile(join(scratch, 'fon-quotenliste.xlsx'), await files.quotaXlsx())
  // The same export with a 5-digit tax number on line 5.
  const lines = files.recordsCsv.trimEnd().split('\n')
  const cells = lines[4].split(';')
  cells[1] = '12345'
  lines[4] = cells.join(';')
  await writeFile(join(scratch, 'ntcs-kaputt.csv'), lines.join('\n'))
}, FLOW_TIMEOUT)

afterAll(async () => {
  terminal?.close()
  await browser?.close()
  await portal?.close()
})

describe('FON conflicts resolved in the shell and in the browser', () => {
  it(
    'imports with `portal fon import`, resolves in the CLI → the browser shows it live; resolves in the browser → the terminal screen drops it live',
    async () => {
      expect((await signInPortal(env, 'admin@demo.portal')).code).toBe(0)

      const checked = await runPortal(['fon', 'import', '--records', join(scratch, 'ntcs-export.csv'), '--dry-run'], env)
      expect(checked.code, checked.stderr).toBe(0)
      expect(checked.stderr).toMatch(/290 rows are fine.*Nothing was imported/)
      expect(Number((await server.knex('fon_imports').count('* as n').first())!.n)).toBe(0)

      const imported = await runPortal(['fon', 'import', '--records', join(scratch, 'ntcs-export.csv'), '--quota', join(scratch, 'fon-quotenliste.xlsx')], env)
      expect(imported.code, imported.stderr).toBe(0)
      expect(imported.stderr).toMatch(/ntcs-export\.csv: 290 rows imported and reconciled/)
      expect(imported.stderr).toMatch(/fon-quotenliste\.xlsx: 290 rows imported and reconciled/)
      expect(imported.stderr).toMatch(/100 %/)

      const status = await runPortal(['fon', 'status', '--year', String(YEAR)], env)
      expect(status.stdout).toMatch(/21\.7 %/)
      expect(status.stdout).toMatch(/45\.0 %/)

      const listed = JSON.parse((await runPortal(['fon', 'list', '--state', 'dataConflict', '--json'], env)).stdout) as Page<FonItem>
      expect(listed.total).toBe(40)
      const fromShell = listed.data.find((item) => item.conflictKind === 'ntcsMismatch')!

      // The browser shows the FON side's conflicts with both sides.
      browser = await openBrowser({ viewport: { width: 1440, height: 900 } })
      const { page } = browser
      await signInAt(page, server.url, 'admin@demo.portal', '/fon-monitoring')
      await page.waitForSelector('[data-testid=quota-returns]')
      await page.selectOption('[data-testid=filter-conflict]', 'ntcsMismatch')
      const shellRow = page.locator(`[data-testid=fon-row][data-item-id="${fromShell.id}"]`)
      await shellRow.waitFor()
      expect(await shellRow.getAttribute('data-state')).toBe('dataConflict')

      // Resolved from the shell: the open browser shows it resolved, without a reload.
      const resolved = await runPortal(['fon', 'resolve', String(fromShell.id), '--remark', 'Abgabedatum in NTCS nachgetragen'], env)
      expect(resolved.code, resolved.stderr).toBe(0)
      await page.waitForSelector(`[data-testid=fon-row][data-item-id="${fromShell.id}"][data-state=resolvedManually]`, { timeout: 15_000 })
      await shellRow.locator('[data-testid=fon-open]').click()
      await page.locator('[data-testid=item-history]').getByText('Abgabedatum in NTCS nachgetragen').waitFor()
      await page.keyboard.press('Escape')

      // The terminal's conflicts screen, on its own signed-in connection, lists the open conflicts.
      const tokens = await deviceSignIn(server.url, 'admin@demo.portal', 'portal-demo')
      terminal = createPortalClient({ url: server.url, storage: createMemoryStorage() })
      await terminal.authenticate({ strategy: 'jwt', accessToken: tokens.idToken })
      const screen = render(
        createElement(FonConflicts, {
          t: createTranslator('en'),
          watch: createConflictsWatcher(terminal),
          resolve: ({ id, remark, version }) => terminal.service('fon-items').patch(id, { action: 'resolve', remark, version }),
          onQuit: () => undefined,
          pageSize: 60,
        }),
      )
      await expect.poll(() => screen.lastFrame() ?? '', { timeout: 15_000 }).toMatch(/49 open conflicts/)
      const fromWeb = listed.data.find((item) => item.conflictKind === 'ntcsMismatch' && item.id !== fromShell.id)!
      expect(screen.lastFrame()).toContain(fromWeb.name)

      // Resolved in the browser with a remark (the dialog refuses an empty one first).
      const webRow = page.locator(`[data-testid=fon-row][data-item-id="${fromWeb.id}"]`)
      await webRow.focus()
      await page.keyboard.press('r')
      await page.locator('[data-testid=resolve-submit]').click()
      await page.locator('[data-testid=resolve-form]').getByText(/A remark is required|ist eine Bemerkung nötig/).waitFor()
      await page.fill('[data-testid=resolve-remark]', 'Finanzamt hat Eingang bestätigt')
      await page.locator('[data-testid=resolve-submit]').click()
      await page.waitForSelector(`[data-testid=fon-row][data-item-id="${fromWeb.id}"][data-state=resolvedManually]`)
      await expect.poll(() => screen.lastFrame() ?? '', { timeout: 15_000 }).toMatch(/48 open conflicts/)
      expect(screen.lastFrame()).toContain('is no longer open')
      screen.unmount()

      const shown = JSON.parse((await runPortal(['fon', 'show', String(fromWeb.id), '--json'], env)).stdout) as FonItem
      expect(shown).toMatchObject({ state: 'resolvedManually', remark: 'Finanzamt hat Eingang bestätigt' })
      expect(shown.history![0]).toMatchObject({ action: 'resolved', remark: 'Finanzamt hat Eingang bestätigt' })
      await page.evaluate(() => window.scrollTo(0, 0))
      await page.screenshot({ path: join(SCREENSHOTS, 'fon-monitoring.png') })
      await webRow.screenshot({ path: join(SCREENSHOTS, 'fon-row-resolved.png') })

      // A broken file uploaded in the browser is refused with its row, column and rule; nothing changes, and the
      // screen says the data may be stale.
      const before = await server.knex('fon_items').orderBy('id').select('id', 'state', 'version')
      // The good export checked in the browser: a preview, nothing imported.
      await page.setInputFiles('[data-testid=import-file-records]', join(scratch, 'ntcs-export.csv'))
      await page.locator('[data-testid=import-check-records]').click()
      await page.locator('[data-testid=import-preview-records]').getByText(/290/).waitFor()
      expect(Number((await server.knex('fon_imports').count('* as n').first())!.n)).toBe(2)
      await page.setInputFiles('[data-testid=import-file-records]', join(scratch, 'ntcs-kaputt.csv'))
      await page.locator('[data-testid=import-upload-records]').click()
      await page.locator('[data-testid=import-state-records]').getByText(/(Row|Zeile) 5, (column|Spalte) .taxId./).first().waitFor()
      await page.locator('[data-testid=fon-stale]').waitFor()
      expect(await server.knex('fon_items').orderBy('id').select('id', 'state', 'version')).toEqual(before)
      await page.locator('[data-testid=import-records]').screenshot({ path: join(SCREENSHOTS, 'fon-import-refused.png') })
    },
    FLOW_TIMEOUT,
  )
})
