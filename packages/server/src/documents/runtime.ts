import { join } from 'node:path'
import type { ServerConfig } from '../config'
import type { Application } from '../declarations'
import { S3DocumentStore } from './s3-store'
import { FileDocumentStore, type DocumentStore } from './store'

const stores = new WeakMap<object, DocumentStore>()

/** A new document store as the configuration says: the folder DATA_DIR/documents, or the S3 bucket (DOCUMENT_STORE=s3). */
export function createDocumentStore(config: Pick<ServerConfig, 'dataDir' | 'documentStore'>): DocumentStore {
  const localDir = join(config.dataDir, 'documents')
  return config.documentStore.kind === 's3' ? new S3DocumentStore(config.documentStore.s3, localDir) : new FileDocumentStore(localDir)
}

/** The document store of this configuration, made once (the server's, its demo seed's and its sweep's). */
export function documentStoreOf(config: ServerConfig): DocumentStore {
  let store = stores.get(config)
  if (!store) {
    store = createDocumentStore(config)
    stores.set(config, store)
  }
  return store
}

/** The document store of this server. */
export function documentStore(app: Application): DocumentStore {
  return documentStoreOf(app.get('config'))
}
