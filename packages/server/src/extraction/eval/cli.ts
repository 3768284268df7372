import { parseArgs } from 'node:util'
import { closeOcr } from '../ocr/pool'
import { runScanEval } from '../ocr/scan-eval'
import { closeExtractionThreads } from '../thread/pool'
import { readCorpus } from './corpus'
import { evaluateDocument, evaluationFile, type DocumentResult } from './evaluate'
import { renderReport } from './report'

/**
 * `eval:extraction DIR [--noxml] [--scan [--dpi N]... [--per-group N]] [--misses]`: prints the accuracy table; exit code 2 on
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
      dpi: { type: 'string', multiple: true },
      'per-group': { type: 'string' },
    },
  })
  if (positionals.length !== 1) {
    process.stderr.write('usage: npm run eval:extraction -- DIR [--noxml] [--scan [--dpi N]... [--per-group N]] [--misses]\n')
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
