import { chmod, rm } from 'node:fs/promises'
import { createServer, request } from 'node:http'
import { join } from 'node:path'
import type { Database } from '../db/connect'
import type { Logger } from '../logger'

/** The running embedded server's door for `npm run backup` on this machine: a Unix socket only its data dir's owner can open. */
export const adminSocketPath = (dataDir: string) => join(dataDir, 'admin.sock')

/**
 * Listens on DATA_DIR/admin.sock (mode 0600) while an embedded server runs: `POST /backup/database` answers the
 * database as a gzipped tar (PGlite's dumpDataDir between two queries), since no other process may open the data dir.
 */
export async function listenAdminSocket(dataDir: string, db: Database, logger: Logger): Promise<{ close(): Promise<void> }> {
  const path = adminSocketPath(dataDir)
  const dump = db.dumpDataDir
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup/database' || !dump) {
      res.writeHead(404).end()
      return
    }
    dump().then(
      (bytes) => res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': bytes.byteLength }).end(bytes),
      (error: unknown) => {
        logger.error({ err: error }, 'backup: the database could not be dumped')
        res.writeHead(500).end((error as Error).message)
      },
    )
  })
  try {
    // This process holds the data dir's lock: a socket file there was left by a killed one.
    await rm(path, { force: true })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(path, resolve)
    })
    await chmod(path, 0o600)
  } catch (error) {
    logger.warn({ err: error, path }, 'no backup socket (npm run backup needs the portal stopped)')
    return { close: async () => {} }
  }
  server.unref()
  return {
    close: async () => {
      await new Promise((resolve) => server.close(resolve))
      await rm(path, { force: true })
    },
  }
}

/** Asks the embedded server running on `dataDir` for its database; undefined when none listens there. */
export function dumpFromRunningServer(dataDir: string): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const ask = request({ socketPath: adminSocketPath(dataDir), path: '/backup/database', method: 'POST' }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`the running portal answered ${res.statusCode}: ${Buffer.concat(chunks).toString()}`))))
      res.on('error', reject)
    })
    ask.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? resolve(undefined) : reject(error)))
    ask.end()
  })
}
