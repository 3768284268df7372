import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

/**
 * Files at once in the server group: the unit, integration and browser files share one pool. They spend much of
 * their time waiting (on their servers' sockets, the database thread, extraction, Chromium's rendering), so on the
 * 2-core CI machine three share the cores well; one after the other, the browser files alone took 19 min of the
 * run at 0.6 cores. PORTAL_TEST_WORKERS sets another number (1 for a file at a time). The web files keep a group
 * of their own, one worker with one jsdom (isolate: false), before it.
 */
const SERVER_GROUP_FILES = Number(process.env.PORTAL_TEST_WORKERS) || Math.max(3, availableParallelism() + 1)
const serverGroup = { maxWorkers: SERVER_GROUP_FILES, sequence: { groupOrder: 1 } }

// One vitest run covers every layer; each project picks its files and environment.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/{sdk,server,cli}/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          ...serverGroup,
        },
      },
      {
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['packages/web/src/test/setup.ts'],
          // Rendering a screen in jsdom takes seconds when the 2-core CI machine is busy; 5 s timed tests out.
          testTimeout: 20_000,
          // One jsdom and one module graph for all web files instead of a fresh process, jsdom and imports per file:
          // the project took 8 min 13 s that way at load 15, 39 s without. The setup file leaves the document and
          // storage empty after each test; spies and stubbed globals are restored.
          isolate: false,
          restoreMocks: true,
          unstubGlobals: true,
          server: { deps: { inline: [/@primer\/react/] } },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // Servers of the run start on copies of data dirs already migrated and seeded (tests/support/started-cluster.ts).
          globalSetup: ['tests/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A project whose maxWorkers differs from the others' runs as a group of its own: after the web files.
          ...serverGroup,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // The web app is built once for every e2e file of the run; servers start on started data dirs as above.
          globalSetup: ['tests/e2e/global-setup.ts', 'tests/support/global-setup.ts'],
          // The browser smoke of `npm run test:postgres`: sign-in, an upload, the live lists and search on PostgreSQL.
          tags: [{ name: 'postgres-smoke', description: 'runs again in the PostgreSQL pass of .ci/run' }],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          ...serverGroup,
        },
      },
    ],
  },
})
