// Starts the extraction thread from the TypeScript sources (tests, tsx runs): the thread registers tsx itself,
// because Node 20 does not apply `--import` hooks to a worker's entry module. The built server starts the bundled
// worker directly and never loads this file.
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.entry)
