// Bundles the server's TypeScript (and the SDK it imports) into packages/server/dist for `npm start`:
// one module graph instead of hundreds of files compiled on load, so the server starts faster.
// Packages from node_modules stay external and load as usual.
import { build } from 'esbuild'
import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { nodeBundleOptions } from './node-bundle.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const outdir = `${root}packages/server/dist`

/** Keeps every bare import external except our own workspace packages, which are TypeScript sources. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true }))
  },
}

await rm(outdir, { recursive: true, force: true })
await build({
  // The thread entries are bundled beside main.mjs (extraction/thread/pool.ts, documents/file-thread/pool.ts and
  // db/pglite-thread/client.ts start them from there).
  entryPoints: {
    main: `${root}packages/server/src/main.ts`,
    'extraction-worker': `${root}packages/server/src/extraction/thread/worker.ts`,
    'file-worker': `${root}packages/server/src/documents/file-thread/worker.ts`,
    'pglite-worker': `${root}packages/server/src/db/pglite-thread/worker.ts`,
  },
  outdir,
  ...nodeBundleOptions,
  plugins: [externalDependencies],
})
