// Thin entry point: the evaluation lives in the server package so it is linted and type-checked there.
import { runEvalCli } from '../packages/server/src/extraction/eval/cli'

process.exitCode = await runEvalCli(process.argv.slice(2))
