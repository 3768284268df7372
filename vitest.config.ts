import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

/**
 * Integration files at once. Vitest's default is one less than the cores: a single file at a time on the 2-core CI
 * machine. An integration file spends much of its time waiting on its server's sockets, database thread and
 * extraction, so two share the cores well (8 files: 262 s -> 182 s with three at once at load 13, but three then
 * timed out starting servers). Unit and web files stay at the default: on a loaded 2-core machine a second worker
 * made them slower, not faster; browser files run one at a time (fileParallelism: false).
 */
const INTEGRATION_FILES = Math.max(2, availableParallelism() - 1)

// One vitest run covers every layer; each project picks its files and environment.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/{sdk,server,cli}/src/**/*.test.{ts,tsx}'],
          environment: 'node',
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
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: INTEGRATION_FILES,
          // A project whose maxWorkers differs from the others' runs as a group of its own: after unit and web.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // The web app is built once for every e2e file of the run.
          globalSetup: ['tests/e2e/global-setup.ts'],
          // The browser smoke of `npm run test:postgres`: sign-in, an upload, the live lists and search on PostgreSQL.
          tags: [{ name: 'postgres-smoke', description: 'runs again in the PostgreSQL pass of .ci/run' }],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
