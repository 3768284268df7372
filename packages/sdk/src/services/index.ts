import type { ViewOf } from './descriptor'
import { serviceDescriptors, type PortalServiceDescriptor } from './registry'

export * from './common'
export * from './descriptor'
export * from './registry'
export * from './documents-common'
export * from './abilities'
export * from './authentication'
export * from './config'
export * from './version'
export * from './accounting-client'
export * from './document-category'
export * from './company-settings'
export * from './acc-periods'
export * from './acc-cost'
export * from './acc-books'
export * from './acc-exp-acc'
export * from './acc-suppliers'
export * from './tax-codes'
export * from './aggregator'
export * from './editor-document'
export * from './document-editor'
export * from './documents'
export * from './document-labels'
export * from './document-search'
export * from './document-fields'
export * from './invoice-counts'
export * from './document-confirmations'
export * from './document-bookings'
export * from './document-trash'
export * from './document-history'
export * from './document-presence'
export * from './users'
export * from './erp-exports'
export * from './erp-import-results'
export * from './erp-settings'
export * from './user-bulk'
export * from './user-credentials'
export * from './audit-log'
export * from './responsibility'
export * from './scanners'
export * from './mail-intake'
export * from './fon-items'
export * from './fon-imports'
export * from './fon-quota'

/**
 * Typed client view of every portal service, by path, from the descriptors. Descriptors without a typed view are
 * left out (authentication: the auth client calls it).
 */
export type ServiceTypes = {
  [D in PortalServiceDescriptor as [ViewOf<D>] extends [never] ? never : D['path']]: ViewOf<D>
}

/** Path and methods of every service, for registering them on a Feathers client. */
export const serviceRegistrations: readonly { path: string; methods: readonly string[] }[] = serviceDescriptors.map(
  ({ path, methods }) => ({ path, methods }),
)
export * from './unpaid-items'
export * from './payments'
export * from './payment-codes'
export * from './ker-report'
export * from './ker-mappings'
export * from './account-security'
