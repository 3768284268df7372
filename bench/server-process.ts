import { spawn, type ChildProcess } from 'node:child_process'
import { join, resolve } from 'node:path'
import { createPortalClient, type PortalClient } from '../packages/sdk/src/client/index'
import { documentHttpPaths } from '../packages/sdk/src/services/index'

const ROOT = resolve(import.meta.dirname, '..')

/** A server started as its own process for a benchmark. */
export interface ServerProcess {
  child: ChildProcess
  url: string
  stop(): Promise<void>
}

/** Starts the built server (`npm run build:server`, as `npm start` runs it) as its own process and waits until it listens. */
export async function spawnServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<ServerProcess> {
  const url = `http://localhost:${port}`
  // Without the demo's screens: they start extraction jobs after start-up that every figure would then include.
  const child = spawn(process.execPath, [join(ROOT, 'packages/server/dist/main.mjs')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORTAL_DEMO: '1', PORTAL_DEMO_SCREENS: '0', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((ready, fail) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('Portal is running')) ready()
    })
    child.once('exit', (code) => fail(new Error(`server exited with ${code}`)))
  })
  return {
    child,
    url,
    stop: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done())
        child.kill('SIGTERM')
      }),
  }
}

/** Connects and authenticates one socket client with an identity token. */
export async function connect(url: string, idToken: string): Promise<PortalClient> {
  const client = createPortalClient({ url })
  await client.authenticate({ strategy: 'jwt', accessToken: idToken })
  return client
}

/** Opens a document as the screen does: its fields (with the document and its version), presence and file, side by side. */
export async function openDocument(client: PortalClient, url: string, idToken: string, id: number): Promise<void> {
  await Promise.all([
    client.service('document-fields').get(id),
    client.service('document-presence').create({ document_id: id }),
    fetch(`${url}${documentHttpPaths.file(id)}`, { headers: { authorization: `Bearer ${idToken}` } }).then((response) => response.arrayBuffer()),
  ])
}
