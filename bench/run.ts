import { readdir } from 'node:fs/promises'
import { formatTable, type BenchRow } from './table'

/**
 * Runs every `bench/*.bench.ts` (each exports `run(): Promise<BenchRow[]>`) and prints one table.
 * `npm run bench -- web` runs only the files whose name contains "web". A file that exports `onlyWhenNamed = true`
 * (scale: it seeds a million documents) runs only when named so.
 */
async function main(): Promise<void> {
  const filter = process.argv[2]
  const files = (await readdir(import.meta.dirname))
    .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
    .sort()
  const rows: BenchRow[] = []
  for (const file of files) {
    const module = (await import(`./${file}`)) as { run(): Promise<BenchRow[]>; onlyWhenNamed?: boolean }
    if (module.onlyWhenNamed && !filter) continue
    process.stderr.write(`running ${file}…\n`)
    rows.push(...(await module.run()))
  }
  process.stdout.write(`${formatTable(rows)}\n`)
  process.exit(0)
}

await main()
