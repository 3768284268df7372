// The error catalogue of §8, the `{ key, params }` payload errors carry, and helpers to show them.
export * from './catalogue'
export * from './data'
export * from './message'
export * from './token'
export * from './create'
