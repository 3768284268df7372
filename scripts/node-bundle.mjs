// What the server's and the CLI's bundles share: ES modules for Node 20, split into chunks loaded on demand.

/** esbuild options common to scripts/build-server.mjs and scripts/build-cli.mjs. */
export const nodeBundleOptions = {
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
}
