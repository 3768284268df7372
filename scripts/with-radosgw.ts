// Runs a command against a real S3 server: starts Ceph's radosgw on a single-node cluster in a temporary folder
// (tests/support/radosgw.ts), makes the bucket `portal-ci`, runs the command with DOCUMENT_STORE=s3 and the S3_*
// settings in its environment, then stops radosgw by its PIDs. The S3 passes of .ci/run:
//   node --import tsx scripts/with-radosgw.ts npm run test:postgres
import { spawn } from 'node:child_process'
import { createBucket, startRadosGw } from '../tests/support/radosgw'

const command = process.argv.slice(2).filter((arg, index) => index > 0 || arg !== '--')
if (command.length === 0) {
  process.stderr.write('usage: node --import tsx scripts/with-radosgw.ts COMMAND [ARGS…]\n')
  process.exit(2)
}
const started = performance.now()
const gw = await startRadosGw()
const env = gw.env('portal-ci')
await createBucket(env, 'portal-ci')
process.stderr.write(`radosgw at ${gw.endpoint}, bucket portal-ci: ${((performance.now() - started) / 1000).toFixed(1)} s\n`)

const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, ...env } })
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal))
const code = await new Promise<number>((resolve) => child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0))))
await gw.stop()
process.exit(code)
