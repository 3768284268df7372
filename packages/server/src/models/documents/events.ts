import type { Application } from '../../declarations'
import { toDocumentRecord } from './record'

/**
 * Publishes a document change to the company's connections: on `documents` (the Documents screen) and on
 * `aggregator` (the invoice badge counts from it). Channels route by the record's company_no. Call it once
 * the change is committed; `row` is the raw row (shaped here, so nothing internal leaves).
 */
export function emitDocumentEvent(app: Application, event: 'created' | 'patched' | 'removed', row: Record<string, unknown>): void {
  const record = toDocumentRecord(row)
  app.service('documents').emit(event, record)
  app.service('aggregator').emit(event, record)
}
