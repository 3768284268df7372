// The `portal` process: bin/portal runs this module (bundled in packages/cli/dist, or from sources through tsx).
import { runPortal } from './main'
import { createNodeDeps } from './node-deps'

const code = await runPortal(process.argv, createNodeDeps())
// Open sockets or timers must not keep a finished command alive.
process.exit(code)
