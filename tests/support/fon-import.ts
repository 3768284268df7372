import type { Application } from '@feathersjs/feathers'
import type { FonImport, FonImportCreate, ServiceTypes } from '../../packages/sdk/src/services/index'

/** Uploads an import file as the web and CLI do, and waits until its job has finished (done or failed). */
export async function importAndWait(app: Application<ServiceTypes>, data: Omit<FonImportCreate, 'content'> & { bytes: Uint8Array | string }, timeoutMs = 60_000): Promise<FonImport> {
  const content = Buffer.from(typeof data.bytes === 'string' ? Buffer.from(data.bytes, 'utf8') : data.bytes).toString('base64')
  const created = await app.service('fon-imports').create({ kind: data.kind, fileName: data.fileName, content })
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const current = await app.service('fon-imports').get(created.id)
    if (current.state !== 'inProgress') return current
    if (Date.now() > deadline) throw new Error(`import ${created.id} still in progress after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
