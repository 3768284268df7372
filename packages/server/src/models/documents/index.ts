// The documents table: only this module (and migrations, seeds, tests) reads or writes it; eslint.config.js keeps it so.
export * from './columns'
export * from './errors'
export * from './events'
export * from './lists'
export * from './read'
export * from './record'
export * from './row'
export * from './write'
