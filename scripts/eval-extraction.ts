// Thin entry point: the evaluation lives in the server package so it is linted and type-checked there.
// `--austrian held-out|development|both` first writes the generated Austrian invoices (tests/support) as a corpus and
// reads those; `both` writes the development seeds (the tuning part) and the held-out seeds together.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runEvalCli } from '../packages/server/src/extraction/eval/cli'
import { DEVELOPMENT_SEEDS, HELD_OUT_SEEDS, writeAustrianCorpus } from '../tests/support/austrian-invoices'

const args = process.argv.slice(2)
const austrian = args.indexOf('--austrian')
if (austrian >= 0) {
  const which = args[austrian + 1]
  const seeds = which === 'development' ? DEVELOPMENT_SEEDS : which === 'both' ? [...DEVELOPMENT_SEEDS, ...HELD_OUT_SEEDS] : HELD_OUT_SEEDS
  const root = mkdtempSync(join(tmpdir(), 'portal-austrian-'))
  try {
    await writeAustrianCorpus(join(root, `austrian_${which === 'development' || which === 'both' ? which : 'held_out'}`), seeds)
    args.splice(austrian, ['development', 'held-out', 'both'].includes(which) ? 2 : 1, root)
    process.exitCode = await runEvalCli(args)
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
} else {
  process.exitCode = await runEvalCli(args)
}
