import { mkdtempSync, mkdirSync, writeFileSync, copyFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { AUSTRIAN_GERMAN, drawInvoice } from '../rules/test-invoices'
import { runEvalCli } from './cli'

// A corpus laid out like ../shared/corpora: a set folder with manifest.json, gt/ and docs/ (+ docs_noxml/).
async function makeCorpus(): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'portal-eval-'))
  const set = join(root, 'mini')
  for (const dir of ['docs', 'docs_noxml', 'gt']) mkdirSync(join(set, dir), { recursive: true })
  copyFileSync(fileURLToPath(new URL('../fixtures/xrechnung-ubl.xml', import.meta.url)), join(set, 'docs', 'ubl.xml'))
  const pdf = await drawInvoice(AUSTRIAN_GERMAN)
  writeFileSync(join(set, 'docs', 'at.pdf'), pdf)
  writeFileSync(join(set, 'docs_noxml', 'at.pdf'), pdf)
  const truths = {
    ubl: { invoice_number: 'RE-2026/0042', issue_date: '2026-01-15', total_gross: 1000.0, total_tax: 0, seller_vat_id: 'DE123456789', iban: 'DE02 1203 0000 0000 2020 51' },
    at: { invoice_number: '2026-0815', issue_date: '2026-03-02', total_gross: 1419.55, total_net: 1195.5, total_tax: 224.05, currency: 'EUR', seller_vat_id: 'ATU13585627', iban: 'AT611904300234573201' },
  }
  for (const [id, truth] of Object.entries(truths)) writeFileSync(join(set, 'gt', `${id}.json`), JSON.stringify(truth))
  const documents = [
    { doc_id: 'ubl', file: 'mini/docs/ubl.xml', ground_truth: 'mini/gt/ubl.json', split_group: 'g-ubl' },
    { doc_id: 'at', file: 'mini/docs/at.pdf', file_noxml: 'mini/docs_noxml/at.pdf', ground_truth: 'mini/gt/at.json', split_group: 'g-at' },
  ]
  writeFileSync(join(set, 'manifest.json'), JSON.stringify({ source: 'mini', documents }))
  return set
}

async function run(args: string[]): Promise<{ code: number; out: string }> {
  let out = ''
  const write = process.stdout.write.bind(process.stdout)
  process.stdout.write = ((chunk: string) => {
    out += chunk
    return true
  }) as typeof process.stdout.write
  try {
    return { code: await runEvalCli(args), out }
  } finally {
    process.stdout.write = write
  }
}

describe('eval:extraction', () => {
  it('prints exact-match accuracy per field and per split group, and the speed', async () => {
    const corpus = await makeCorpus()
    const { code, out } = await run([corpus])
    expect(code).toBe(0)
    expect(out).toMatch(/invoice_number\s+2\s+2\s+100\.0 %/)
    expect(out).toMatch(/total_gross\s+2\s+2\s+100\.0 %/)
    expect(out).toMatch(/g-at\s+1\s+100\.0 %/)
    expect(out).toMatch(/2 documents, 2 pages in [\d.]+ s: [\d.]+ documents\/s, [\d.]+ pages\/s/)
  })

  it('with --noxml reads only the visible pages and leaves XML-only documents out', async () => {
    const corpus = await makeCorpus()
    const { out } = await run([corpus, '--noxml'])
    expect(out).toContain('mode: visible page (--noxml)')
    expect(out).toMatch(/1 documents, 1 pages/)
    expect(out).toMatch(/seller_vat_id\s+1\s+1\s+100\.0 %/)
  })

  it('refuses to run without a folder, with exit code 2', async () => {
    const stderr = process.stderr.write.bind(process.stderr)
    process.stderr.write = (() => true) as typeof process.stderr.write
    try {
      expect(await runEvalCli([])).toBe(2)
    } finally {
      process.stderr.write = stderr
    }
  })
})
