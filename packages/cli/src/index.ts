// The portal command as a library: bin/portal calls runPortal with the real dependencies.
export { runPortal } from './main'
export { createNodeDeps } from './node-deps'
export { ExitCode } from './exit-codes'
export type { CliDeps, CommandContext } from './context'
export type { CliIo } from './io'
