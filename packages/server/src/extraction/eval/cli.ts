import { parseArgs } from 'node:util'
import { closeOcr } from '../ocr/pool'
import { runScanEval } from '../ocr/scan-eval'
import { closeExtractionThreads } from '../thread/pool'
import { readCorpus } from './corpus'
import { evaluateDocument, evaluationFile, type DocumentResult } from './evaluate'
import { suggestThresholds } from './attention'
import { renderAttention, renderPartTable, renderReport } from './report'

/**
 * `eval:extraction DIR [--noxml] [--scan [--dpi N]... [--per-group N]] [--misses] [--calibrate]`: prints the accuracy
 * table, the tuning against the held-out part, the attention flag's marks (and with --calibrate the thresholds the tuning
 * part supports); exit code 2 on
 * bad usage. The OCR workers and extraction threads are ended once the table is out, so the process exits.
 */
export async function runEvalCli(argv: string[]): Promise<number> {
  try {
    return await evaluateFromArgs(argv)
  } finally {
    await closeOcr()
    await closeExtractionThreads()
  }
}

async function evaluateFromArgs(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      noxml: { type: 'boolean' },
      scan: { type: 'boolean' },
      misses: { type: 'boolean' },
      calibrate: { type: 'boolean' },
      dpi: { type: 'string', multiple: true },
      'per-group': { type: 'string' },
    },
  })
  if (positionals.length !== 1) {
    process.stderr.write('usage: npm run eval:extraction -- DIR [--noxml] [--scan [--dpi N]... [--per-group N]] [--misses] [--calibrate]\n')
    return 2
  }
  if (values.scan) {
    const dpis = (values.dpi ?? ['200', '300']).map(Number)
    const perGroup = values['per-group'] === undefined ? undefined : Number(values['per-group'])
    const out = (text: string) => void process.stdout.write(text)
    return runScanEval(positionals[0], { dpis, perGroup, misses: values.misses === true, out })
  }
  const options = { noxml: values.noxml === true }
  const docs = readCorpus(positionals[0])
  const results: DocumentResult[] = []
  const started = performance.now()
  for (const doc of docs) {
    const file = evaluationFile(doc, options)
    if (!file) continue
    results.push(await evaluateDocument(doc, file, options))
  }
  const seconds = (performance.now() - started) / 1000
  process.stdout.write(`mode: ${options.noxml ? 'visible page (--noxml)' : 'as delivered (XML where present)'}\n\n`)
  process.stdout.write(renderReport(results, seconds) + '\n')
  process.stdout.write(`\ntuning part against held-out part (split: see eval/corpus.ts partOfGroup)\n\n${renderPartTable(results)}\n`)
  for (const part of ['tuning', 'held-out'] as const) {
    const members = results.filter((r) => r.part === part)
    if (members.length) process.stdout.write(`\nattention flag, ${part} part\n\n${renderAttention(members)}\n`)
  }
  if (values.calibrate) {
    // Thresholds are chosen on the tuning part only; the held-out part then measures them.
    const suggested = suggestThresholds(results.filter((r) => r.part === 'tuning'))
    process.stdout.write(`\nthresholds the tuning part supports (≥ 95 % of wrong values marked):\n${JSON.stringify(suggested, null, 1)}\n`)
  }
  if (values.misses) {
    for (const result of results) {
      for (const [field, miss] of Object.entries(result.misses)) {
        const absent = result.fields[field] === 'absent' ? ' (not printed on the page)' : ''
        process.stdout.write(`MISS ${result.docId} ${field}: expected ${JSON.stringify(miss.expected)} got ${JSON.stringify(miss.actual)}${absent}\n`)
      }
    }
  }
  return 0
}
