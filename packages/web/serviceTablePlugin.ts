import { fileURLToPath } from 'node:url'
import { runnerImport, type Plugin } from 'vite'
import type { ServiceEntry } from '../sdk/src/services/table'

/** The SDK module whose value the build puts in its place. */
export const SERVICE_TABLE_MODULE = fileURLToPath(new URL('../sdk/src/services/table.ts', import.meta.url))

/** The module the browser gets for the SDK's service table: the same exports, as plain data. */
export function serviceTableModule(table: readonly ServiceEntry[]): string {
  return [
    `export const serviceTable = ${JSON.stringify(table)}`,
    'export const serviceRegistrations = serviceTable.map(({ path, methods }) => ({ path, methods }))',
    '',
  ].join('\n')
}

/**
 * The shell's client registers every service and `can()` asks the ability table, but neither needs the services'
 * TypeBox schemas. The SDK derives the table from the descriptors (services/table.ts), which would put every
 * descriptor and schema into the first load; the build computes the table once in Node and puts its value in the
 * module's place, so each screen's descriptors and schemas load with the screen that imports them (issue 38).
 * Build only: the dev server serves the SDK as it is.
 */
export function serviceTablePlugin(): Plugin {
  let code = ''
  return {
    name: 'portal-service-table',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      const { module } = await runnerImport<{ serviceTable: readonly ServiceEntry[] }>(SERVICE_TABLE_MODULE)
      code = serviceTableModule(module.serviceTable)
    },
    load(id) {
      return id.split('?')[0] === SERVICE_TABLE_MODULE ? code : undefined
    },
  }
}
