import { defineConfig } from 'vitest/config'

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
