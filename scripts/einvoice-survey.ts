// Reads every e-invoice file under the given folders as the extraction job does and prints one line per file
// (format, version or profile, read or refused with the reason, the rule check and its time), then a summary table
// format x version x read/refused. Used for docs/documents.md's table:
//   node --import tsx scripts/einvoice-survey.ts DIR...
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { extractDocument } from '../packages/server/src/extraction/extract'
import { readXmlRoot } from '../packages/server/src/extraction/detect'
import { ebInterfaceVersion } from '../packages/server/src/extraction/einvoice/ebinterface'

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.(xml|pdf)$/i.test(name) ? [path] : []
  })

const table = new Map<string, { read: number; refused: number; valid: number; invalid: number; other: number }>()
for (const path of process.argv.slice(2).flatMap(files)) {
  const bytes = new Uint8Array(readFileSync(path))
  const root = /\.xml$/i.test(path) ? readXmlRoot(bytes) : null
  const started = performance.now()
  const result = await extractDocument(bytes)
  // The whole read of the file (schema check included); the rules' own time is validation.millis.
  const total = Math.round(performance.now() - started)
  let format: string
  let version: string
  if (result.ok && result.einvoice) {
    format = result.einvoice.syntax + (result.kind === 'pdf' ? ' in PDF' : '')
    version = result.validation?.profile ?? result.einvoice.version ?? '?'
  } else if (root) {
    format = root.namespace.includes('ebinterface') ? 'ebInterface' : root.localName
    version = ebInterfaceVersion(root.namespace) ?? (root.namespace || 'no namespace')
  } else {
    format = result.ok ? 'PDF without e-invoice' : 'PDF'
    version = '-'
  }
  const key = `${format} | ${version}`
  const row = table.get(key) ?? { read: 0, refused: 0, valid: 0, invalid: 0, other: 0 }
  const status = result.ok ? (result.validation?.status ?? 'none') : 'refused'
  if (result.ok && result.einvoice) row.read += 1
  else row.refused += 1
  if (status === 'valid') row.valid += 1
  else if (status === 'invalid') row.invalid += 1
  else row.other += 1
  table.set(key, row)
  const detail = result.ok
    ? `${status}${result.validation?.violations.length ? ` ${[...new Set(result.validation.violations.filter((v) => v.flag === 'fatal').map((v) => v.id))].join(',')}` : ''} rules ${result.validation?.millis ?? 0} ms, file ${total} ms`
    : `${result.refusal.key} ${JSON.stringify(result.refusal.params ?? {})}`
  console.log(`${path}\t${key}\t${detail}`)
}
console.log('\n| format | version / profile | read | refused | valid | invalid | other |\n| --- | --- | --- | --- | --- | --- | --- |')
for (const [key, row] of [...table].sort()) console.log(`| ${key} | ${row.read} | ${row.refused} | ${row.valid} | ${row.invalid} | ${row.other} |`)
