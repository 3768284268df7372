// Bundles the server's TypeScript (and the SDK it imports) into packages/server/dist for `npm start`:
// one module graph instead of hundreds of files compiled on load, so the server starts faster.
// Packages from node_modules stay external and load as usual.
import { build } from 'esbuild'
import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { nodeBundleOptions } from './node-bundle.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const outdir = `${root}packages/server/dist`

// Pure-JavaScript packages the server loads at every start are bundled in: resolving and reading hundreds of their
// files (package.json lookups, the CommonJS lexer) was most of a warm start. Everything else stays external: packages
// with native code, WebAssembly or files read beside their sources, or that load parts of themselves dynamically.
const BUNDLED = [/^@feathersjs\//, /^koa(-.*)?$/, /^@koa\//, /^co-body$/, /^qs$/, /^zod$/, /^ajv(-.*)?$/, /^@sinclair\/typebox$/]
/** The package of a bare import: `ajv/dist/x` → `ajv`, `@feathersjs/koa/lib` → `@feathersjs/koa`. */
const packageOf = (path) => path.split('/').slice(0, path.startsWith('@') ? 2 : 1).join('/')
const bundled = (path) => path.startsWith('@portal/') || BUNDLED.some((rule) => rule.test(packageOf(path)))

/** Keeps bare imports external except our own workspace packages (TypeScript sources) and the BUNDLED ones. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || !bundled(args.path)) return { path: args.path, external: true }
      return undefined
    })
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
  // Bundled CommonJS packages call require() for Node's own modules; an ES module has none of its own.
  banner: { js: "import { createRequire as __portalCreateRequire } from 'node:module'; const require = __portalCreateRequire(import.meta.url);" },
})
