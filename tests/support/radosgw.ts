import { spawn, execFile, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3'
import { freePort } from './free-port'

const run = promisify(execFile)

/**
 * A real S3 server for tests: Ceph's radosgw (Debian's packages, installed by scripts/ensure-test-packages.mjs) on a
 * single-node cluster of one monitor and one memstore OSD, everything under a temporary folder and on 127.0.0.1, no
 * systemd (see docs/storage-and-backup.md). Nothing → S3 in some 3–4 s on the 2-core machine.
 */
export interface RadosGw {
  /** http://127.0.0.1:<port> */
  endpoint: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** The environment a portal server needs to keep its documents in `bucket` of this radosgw. */
  env(bucket: string): Record<string, string>
  /** Stops radosgw, the OSD and the monitor (by the PIDs started here) and removes the folder. */
  stop(): Promise<void>
}

const ACCESS_KEY = 'PORTALTESTACCESSKEY0'
const SECRET_KEY = 'portal-test-secret-key-not-for-production-0000'

/** Starts a fresh single-node Ceph cluster with radosgw; throws with the daemons' log tail when it does not come up. */
export async function startRadosGw(): Promise<RadosGw> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-radosgw-'))
  const children: ChildProcess[] = []
  const stop = async () => {
    for (const child of children.reverse()) await stopChild(child)
    await rm(dir, { recursive: true, force: true })
  }
  try {
    const [monPort, rgwPort] = [await freePort(), await freePort()]
    const conf = join(dir, 'ceph.conf')
    const adminKeyring = join(dir, 'client.admin.keyring')
    const fsid = randomUUID()
    for (const sub of ['run', 'log', 'mon/ceph-a', 'osd/ceph-0', 'rgw']) await mkdir(join(dir, sub), { recursive: true })
    await writeFile(conf, cephConf(dir, fsid, monPort, rgwPort))
    const ceph = (...args: string[]) => run('ceph', ['-c', conf, '-n', 'client.admin', '-k', adminKeyring, ...args], { timeout: 60_000 })
    const authtool = (...args: string[]) => run('ceph-authtool', args)

    // Keyrings and the monitor.
    const monKeyring = join(dir, 'mon.keyring')
    await authtool('--create-keyring', monKeyring, '--gen-key', '-n', 'mon.', '--cap', 'mon', 'allow *')
    await authtool('--create-keyring', adminKeyring, '--gen-key', '-n', 'client.admin', '--cap', 'mon', 'allow *', '--cap', 'osd', 'allow *', '--cap', 'mgr', 'allow *')
    await authtool(monKeyring, '--import-keyring', adminKeyring)
    const monmap = join(dir, 'monmap')
    await run('monmaptool', ['--create', '--addv', 'a', `[v2:127.0.0.1:${monPort}]`, '--fsid', fsid, monmap])
    await run('ceph-mon', ['-c', conf, '--mkfs', '-i', 'a', '--monmap', monmap, '--keyring', monKeyring])
    children.push(daemon(dir, 'ceph-mon', ['-c', conf, '-f', '-i', 'a']))

    // One OSD on memstore (RAM).
    const osdUuid = randomUUID()
    const secret = (await authtool('--gen-print-key')).stdout.trim()
    const created = spawn('ceph', ['-c', conf, '-n', 'client.admin', '-k', adminKeyring, 'osd', 'new', osdUuid, '-i', '-'], { stdio: ['pipe', 'pipe', 'pipe'] })
    created.stdin.end(JSON.stringify({ cephx_secret: secret }))
    const osdId = (await collect(created)).trim()
    if (osdId !== '0') throw new Error(`ceph osd new answered "${osdId}"`)
    await writeFile(join(dir, 'osd/ceph-0/keyring'), `[osd.0]\n\tkey = ${secret}\n`)
    await run('ceph-osd', ['-c', conf, '-i', '0', '--mkfs', '--osd-uuid', osdUuid])
    children.push(daemon(dir, 'ceph-osd', ['-c', conf, '-f', '-i', '0']))

    // radosgw and its S3 user.
    const rgwKeyring = join(dir, 'client.rgw.a.keyring')
    await ceph('auth', 'get-or-create', 'client.rgw.a', 'mon', 'allow rw', 'osd', 'allow rwx', '-o', rgwKeyring)
    children.push(daemon(dir, 'radosgw', ['-c', conf, '-f', '-n', 'client.rgw.a', '-k', rgwKeyring]))
    const endpoint = `http://127.0.0.1:${rgwPort}`
    await waitForS3(endpoint, children)
    await run('radosgw-admin', ['-c', conf, '-n', 'client.admin', '-k', adminKeyring, 'user', 'create', '--uid=test', '--display-name=test', `--access-key=${ACCESS_KEY}`, `--secret=${SECRET_KEY}`], { timeout: 60_000 })
    return {
      endpoint,
      region: 'us-east-1',
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET_KEY,
      env: (bucket) => ({
        DOCUMENT_STORE: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: bucket,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: ACCESS_KEY,
        S3_SECRET_ACCESS_KEY: SECRET_KEY,
        S3_FORCE_PATH_STYLE: '1',
      }),
      stop,
    }
  } catch (error) {
    const logs = await logTail(dir)
    await stop()
    throw new Error(`radosgw did not start: ${(error as Error).message}\n${logs}`, { cause: error })
  }
}

function cephConf(dir: string, fsid: string, monPort: number, rgwPort: number): string {
  return `[global]
fsid = ${fsid}
mon host = v2:127.0.0.1:${monPort}
mon initial members = a
public addr = 127.0.0.1
ms bind msgr1 = false
ms bind msgr2 = true
run dir = ${dir}/run
admin socket = ${dir}/run/$name.asok
log file = ${dir}/log/$name.log
pid file = ${dir}/run/$name.pid
osd crush chooseleaf type = 0
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
mon allow pool size one = true
mon data avail crit = 0
mon warn on pool no redundancy = false
paxos propose interval = 0.05
paxos min wait = 0.01
client mount timeout = 30
rgw enable lc threads = false
[mon]
mon data = ${dir}/mon/$cluster-$id
[osd]
osd data = ${dir}/osd/$cluster-$id
keyring = ${dir}/osd/$cluster-$id/keyring
osd objectstore = memstore
memstore device bytes = 4294967296
[client.rgw.a]
rgw frontends = beast endpoint=127.0.0.1:${rgwPort}
rgw data = ${dir}/rgw
`
}

/** A daemon in the foreground as our child, so it is stopped by its own PID. */
function daemon(dir: string, command: string, args: string[]): ChildProcess {
  const child = spawn(command, args, { cwd: dir, stdio: 'ignore' })
  child.on('error', () => {})
  return child
}

async function collect(child: ChildProcess): Promise<string> {
  let out = ''
  let err = ''
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  if (code !== 0) throw new Error(`exit ${code}: ${err}`)
  return out
}

/** Waits until radosgw answers `GET /` with its (anonymous) bucket list, failing at once when a daemon exits. */
async function waitForS3(endpoint: string, children: ChildProcess[]): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    const dead = children.find((child) => child.exitCode !== null || child.signalCode !== null)
    if (dead) throw new Error(`${dead.spawnfile} exited (${dead.exitCode ?? dead.signalCode})`)
    try {
      const answer = await fetch(endpoint, { signal: AbortSignal.timeout(2000) })
      if ((await answer.text()).includes('ListAllMyBucketsResult')) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('radosgw did not answer within 60 s')
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
  await exited
  clearTimeout(timer)
}

async function logTail(dir: string): Promise<string> {
  const parts: string[] = []
  for (const name of ['mon.a', 'osd.0', 'client.rgw.a']) {
    const text = await readFile(join(dir, 'log', `${name}.log`), 'utf8').catch(() => '')
    if (text) parts.push(`--- ${name}.log\n${text.split('\n').slice(-15).join('\n')}`)
  }
  return parts.join('\n')
}

/** An S3 client of the test's own for the server an environment names (S3_ENDPOINT, keys, region), to look into a bucket. */
export function s3Client(env: Record<string, string | undefined>): S3Client {
  return new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION ?? 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID ?? '', secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '' },
    // Pacific's radosgw answers a streamed PUT with the SDK's default checksums with 411.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
}

/** Creates a bucket on the S3 server an environment names, as an operator would beforehand. */
export async function createBucket(env: Record<string, string | undefined>, bucket: string): Promise<void> {
  const client = s3Client(env)
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }))
  } finally {
    client.destroy()
  }
}

/** S3 settings of a fresh bucket: on the radosgw the S3 pass of .ci/run runs (its env), else on one started here. */
export async function s3Env(): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  const bucket = `portal-test-${randomUUID().slice(0, 8)}`
  if (process.env.DOCUMENT_STORE === 's3' && process.env.S3_ENDPOINT) {
    const names = ['DOCUMENT_STORE', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE']
    const env = { ...Object.fromEntries(names.map((name) => [name, process.env[name] ?? ''])), S3_BUCKET: bucket }
    await createBucket(env, bucket)
    return { env, stop: async () => {} }
  }
  const gw = await startRadosGw()
  await createBucket(gw.env(bucket), bucket)
  return { env: gw.env(bucket), stop: gw.stop }
}
