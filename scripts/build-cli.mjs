// Bundles the portal command's TypeScript (and the SDK it imports) into packages/cli/dist, as build-server.mjs does
// for the server: one module graph instead of hundreds of files compiled on load, so `portal --help` answers in a
// fraction of a second (issue 38). Each verb's work is its own chunk, loaded when the verb runs. Packages from
// node_modules are bundled too (resolving and reading hundreds of their files cost more than the run itself). dist/inputs.json lists the sources, so bin/portal can tell a stale bundle.
import { build } from 'esbuild'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { nodeBundleOptions } from './node-bundle.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const outdir = `${root}packages/cli/dist`
// Built beside and swapped in at the end, so a `portal` started meanwhile never sees half a bundle.
const tmpdir = `${outdir}.${process.pid}`


await rm(tmpdir, { recursive: true, force: true })
await mkdir(tmpdir, { recursive: true })
const result = await build({
  entryPoints: { portal: `${root}packages/cli/src/bin.ts` },
  // inputs.json names the sources relative to the repository root.
  absWorkingDir: root,
  outdir: tmpdir,
  ...nodeBundleOptions,
  jsx: 'automatic',
  tsconfig: `${root}packages/cli/tsconfig.json`,
  metafile: true,
  // `open` starts the xdg-open script shipped beside its own module, so it must load from node_modules; Ink and React
  // (only the terminal app and progress views load them) keep their optional devtools imports out of the bundle.
  external: ['open', 'ink', 'react', 'react/*'],
  // Packages written as CommonJS call require(); an ES module bundle has none of its own.
  banner: { js: "import { createRequire as portalCreateRequire } from 'node:module'; const require = portalCreateRequire(import.meta.url);" },
})
// Our sources, and the lock file for the bundled packages (an `npm install` of other versions makes the bundle stale).
const inputs = [...Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/')), 'package-lock.json']
await writeFile(`${tmpdir}/inputs.json`, `${JSON.stringify(inputs)}\n`)
await rm(outdir, { recursive: true, force: true })
await rename(tmpdir, outdir)
