import { fileURLToPath } from 'node:url'
import { build } from 'vite'

/** Folder of the web package (vite root). */
export const WEB_ROOT = fileURLToPath(new URL('../../packages/web', import.meta.url))

declare module 'vitest' {
  export interface ProvidedContext {
    /** The web app built once for the run's e2e files (see global-setup.ts). */
    webDist: string
  }
}

/** Builds the portal with Vite into `outDir`, as `npm start` does. */
export async function viteBuildInto(outDir: string): Promise<void> {
  // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const previous = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({ root: WEB_ROOT, mode: 'production', logLevel: 'error', configFile: `${WEB_ROOT}/vite.config.ts`, build: { outDir, emptyOutDir: true } })
  } finally {
    process.env.NODE_ENV = previous
  }
}
