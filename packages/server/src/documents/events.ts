// Kept for tests/e2e/web.test.ts, which imports it from here; new code imports emitDocumentEvent from models/documents.
export { emitDocumentEvent } from '../models/documents/index'
