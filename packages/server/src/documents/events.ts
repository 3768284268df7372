import type { DocumentRecord } from '@portal/sdk/services'
import type { Application } from '../declarations'

interface Emitter {
  emit(event: string, data: unknown): boolean
}

/**
 * Publishes a document change to the company's connections: on `documents` (the Documents screen) and on
 * `aggregator` (the invoice badge counts from it). Channels route by the record's company_no.
 */
export function emitDocumentEvent(app: Application, event: 'created' | 'patched', record: DocumentRecord): void {
  const services = app as unknown as { service(path: string): Emitter }
  services.service('documents').emit(event, record)
  services.service('aggregator').emit(event, record)
}
