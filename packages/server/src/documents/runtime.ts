import { join } from 'node:path'
import type { Application } from '../declarations'
import { FileDocumentStore, type DocumentStore } from './store'

const stores = new WeakMap<object, DocumentStore>()

/** The document store of this server: files under DATA_DIR/documents (also with PostgreSQL). */
export function documentStore(app: Application): DocumentStore {
  let store = stores.get(app)
  if (!store) {
    store = new FileDocumentStore(join(app.get('config').dataDir, 'documents'))
    stores.set(app, store)
  }
  return store
}
