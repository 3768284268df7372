import type { Application } from '@feathersjs/feathers'
import { erpExportHttpPaths, paymentRunHttpPaths, type ServiceTypes } from '../../packages/sdk/src/services/index'
import { uploadFiles } from '../support/session'
import type { ExtraCaller, ForeignRecords, RequestRecords } from './permissions.callers'
import type { DemoRole } from './services.support'

// The permission cases of SPEC §6, one entry per (service, method) of the SDK's ability table. A new service or
// method fails permissions.test.ts until it has its entry here with a "no session → 401" case and, when its rule
// asks for a permission or a company, a "no permission or foreign company → 403/404" case.

/** Who calls: a demo user, an extra caller of one company (permissions.callers.ts) or a socket without a session. */
export type Caller = DemoRole | ExtraCaller | 'anonymous'

/**
 * What the caller sees: the call answers ('ok'), is refused with that code, or answers records of the caller's
 * companies only, at least one ('narrowed': a find that names no company, such as accounting-client, is not
 * refused but narrowed).
 */
export type Outcome = 'ok' | 'narrowed' | 401 | 403 | 400 | 404 | 409

/** How a case reaches the server as one caller: the socket client, and the identity token for the HTTP doors. */
export interface Door {
  app: Application<ServiceTypes>
  url: string
  token: string | undefined
}

/** Records the cases name, created or looked up before the cases run. */
export interface Ids extends ForeignRecords, RequestRecords {
  /** An account of company 1002 (every signed-in demo user has it, admin and staff too). */
  account1002: number
  /** An account of company 1001 (not the client's). */
  account1001: number
  /** A document of company 1002 and one of company 1001. */
  document1002: number
  document1001: number
  keycloak: Record<DemoRole | ExtraCaller, string>
  /** A scanner of company 1002, registered by the admin. */
  scanner1002: number
  /** The bytes of a small invoice PDF for the upload door. */
  pdf: Uint8Array
}

/** One call and what each caller listed sees of it. */
export interface Case {
  name: string
  call: (door: Door, ids: Ids) => Promise<unknown>
  expect: Partial<Record<Caller, Outcome>>
}

const MISSING = 987_654_321
/** A version no document reaches in a test run. */
const STALE = 987_654
const OK_ALL = { anonymous: 401, admin: 'ok', staff: 'ok', client: 'ok' } as const
/** Company 1001: admin's and staff's, not the client's. */
const NOT_CLIENTS = { anonymous: 401, admin: 'ok', staff: 'ok', client: 403 } as const
/** Company 1006: only admin's. */
const ADMINS_ONLY = { anonymous: 401, admin: 'ok', staff: 403, client: 403 } as const
/** A record that does not exist looks exactly like a foreign one. */
const NOBODYS = { anonymous: 401, admin: 403, staff: 403, client: 403 } as const

const suppliers = (client: number) => ({ client, acc: 'bmd', types: [3, 4] as (3 | 4)[] })
let counter = 0
const newAccount = (client: number) => ({ client, accounting: 2026, account: 339000 + ++counter, name: `Lieferant ${counter} GmbH`, type: 3 as const })
const aggregated = (client_no: number) => ({ client_no, aggregated: true, type: 'ER_U' as const, fullText: null, $select: ['id' as const] })

/** The upload door (POST /api/documents/upload) with the caller's bearer token; a refusal rejects with its error body. */
async function upload({ url, token }: Door, companyNo: number, pdf: Uint8Array): Promise<unknown> {
  const response = await uploadFiles(url, token ?? null, companyNo, [{ name: 'permission-case.pdf', bytes: pdf }])
  if (!response.ok) throw await response.json()
  return response.json()
}

/** The ERP batch download door (GET erpExportHttpPaths.download) with the caller's bearer token; a refusal rejects with its body. */
async function erpDownload({ url, token }: Door, id: number): Promise<unknown> {
  const response = await fetch(`${url}${erpExportHttpPaths.download(id)}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  if (!response.ok) throw await response.json()
  return response.arrayBuffer()
}

/** The payment run file door (GET paymentRunHttpPaths.file) with the caller's bearer token; a refusal rejects with its body. */
async function runFile({ url, token }: Door, id: number): Promise<unknown> {
  const response = await fetch(`${url}${paymentRunHttpPaths.file(id)}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  if (!response.ok) throw await response.json()
  return response.text()
}

/** Every (service, method) of the ability table, keyed `service.method`, with its cases. */
export const PERMISSION_CASES: Readonly<Record<string, readonly Case[]>> = {
  'version.find': [{ name: 'version', call: ({ app }) => app.service('version').find(), expect: { anonymous: 'ok', admin: 'ok', staff: 'ok', client: 'ok' } }],
  'config.find': [{ name: 'config', call: ({ app }) => app.service('config').find(), expect: OK_ALL }],
  'accounting-client.find': [
    { name: 'own companies', call: ({ app }) => app.service('accounting-client').find(), expect: { anonymous: 401, admin: 'ok', staff: 'narrowed', client: 'narrowed' } },
  ],
  'document-category.find': [{ name: 'categories', call: ({ app }) => app.service('document-category').find(), expect: OK_ALL }],
  'company-settings.find': [
    { name: 'own company', call: ({ app }) => app.service('company-settings').find({ query: { client: 1002 } }), expect: OK_ALL },
    { name: 'foreign company', call: ({ app }) => app.service('company-settings').find({ query: { client: 1006 } }), expect: ADMINS_ONLY },
  ],
  'company-settings.patch': [
    { name: 'needs adm', call: ({ app }) => app.service('company-settings').patch(1002, { small_business: false }), expect: ADMINS_ONLY },
  ],
  'acc-periods.find': [
    { name: 'own company', call: ({ app }) => app.service('acc-periods').find({ query: { client: 1002, acc: 'bmd' } }), expect: OK_ALL },
    { name: '1001', call: ({ app }) => app.service('acc-periods').find({ query: { client: 1001, acc: 'bmd' } }), expect: NOT_CLIENTS },
  ],
  'acc-cost.find': [
    { name: 'own company', call: ({ app }) => app.service('acc-cost').find({ query: { client: 1002, accountings: [2026] } }), expect: OK_ALL },
    { name: '1006', call: ({ app }) => app.service('acc-cost').find({ query: { client: 1006, accountings: [2026] } }), expect: ADMINS_ONLY },
  ],
  'acc-books.find': [
    { name: 'own company', call: ({ app }) => app.service('acc-books').find({ query: { client: 1002, accountings: [2026] } }), expect: OK_ALL },
    { name: '1001', call: ({ app }) => app.service('acc-books').find({ query: { client: 1001, accountings: [2026] } }), expect: NOT_CLIENTS },
  ],
  'acc-exp-acc.find': [
    { name: 'own company', call: ({ app }) => app.service('acc-exp-acc').find({ query: { client: 1002, acc: 'bmd' } }), expect: OK_ALL },
    { name: '1006', call: ({ app }) => app.service('acc-exp-acc').find({ query: { client: 1006, acc: 'bmd' } }), expect: ADMINS_ONLY },
  ],
  'acc-suppliers.find': [
    { name: 'own company', call: ({ app }) => app.service('acc-suppliers').find({ query: suppliers(1002) }), expect: OK_ALL },
    { name: '1001', call: ({ app }) => app.service('acc-suppliers').find({ query: suppliers(1001) }), expect: NOT_CLIENTS },
  ],
  'acc-suppliers.get': [
    { name: 'own company', call: ({ app }, ids) => app.service('acc-suppliers').get(ids.account1002), expect: OK_ALL },
    { name: '1001', call: ({ app }, ids) => app.service('acc-suppliers').get(ids.account1001), expect: NOT_CLIENTS },
    { name: 'missing', call: ({ app }) => app.service('acc-suppliers').get(MISSING), expect: NOBODYS },
  ],
  'acc-suppliers.create': [
    { name: 'needs acc', call: ({ app }) => app.service('acc-suppliers').create(newAccount(1002)), expect: NOT_CLIENTS },
    { name: '1006', call: ({ app }) => app.service('acc-suppliers').create(newAccount(1006)), expect: ADMINS_ONLY },
  ],
  'acc-suppliers.patch': [
    { name: 'needs acc', call: ({ app }, ids) => app.service('acc-suppliers').patch(ids.account1002, { town: 'Graz' }), expect: NOT_CLIENTS },
    { name: 'missing', call: ({ app }) => app.service('acc-suppliers').patch(MISSING, { town: 'Graz' }), expect: NOBODYS },
  ],
  'tax-codes.find': [
    { name: 'firm table', call: ({ app }) => app.service('tax-codes').find(), expect: NOT_CLIENTS },
  ],
  'tax-codes.get': [
    { name: 'one line', call: ({ app }) => app.service('tax-codes').get('V20'), expect: NOT_CLIENTS },
  ],
  'tax-codes.patch': [
    // The default value again: allowed for adm, changes nothing.
    { name: 'needs adm', call: ({ app }) => app.service('tax-codes').patch('V0', { datevBu: '' }), expect: { anonymous: 401, admin: 'ok', staff: 403, client: 403 } },
  ],
  'aggregator.find': [
    { name: 'own company', call: ({ app }) => app.service('aggregator').find({ query: aggregated(1002) }), expect: OK_ALL },
    { name: '1006', call: ({ app }) => app.service('aggregator').find({ query: aggregated(1006) }), expect: ADMINS_ONLY },
    // The outgoing views need lar (SPEC §6), which the client lacks.
    { name: 'outgoing needs lar', call: ({ app }) => app.service('aggregator').find({ query: { client_no: 1002, type: 'AR_U' } }), expect: { anonymous: 401, admin: 'ok', staff: 'ok', client: 403 } },
  ],
  'invoice-counts.find': [
    { name: 'own company', call: ({ app }) => app.service('invoice-counts').find({ query: { client_no: 1002 } }), expect: OK_ALL },
    { name: '1006', call: ({ app }) => app.service('invoice-counts').find({ query: { client_no: 1006 } }), expect: ADMINS_ONLY },
  ],
  'editor-document.find': [
    { name: 'needs ded', call: ({ app }) => app.service('editor-document').find({ query: { is_processed_documents_accumulator: null } }), expect: { anonymous: 401, admin: 'ok', staff: 'ok', client: 403 } },
    { name: '1006', call: ({ app }) => app.service('editor-document').find({ query: { client_no: 1006, $select: ['id'] } }), expect: ADMINS_ONLY },
  ],
  // An ordinary document is no batch of the editor: those the policy lets through get 404 editor:errors.notInEditor.
  'document-editor.get': [
    { name: 'needs ded', call: ({ app }, ids) => app.service('document-editor').get(ids.document1002), expect: { anonymous: 401, admin: 404, staff: 404, client: 403 } },
    { name: '1001', call: ({ app }, ids) => app.service('document-editor').get(ids.document1001), expect: { anonymous: 401, admin: 404, staff: 404, client: 403 } },
    { name: 'missing', call: ({ app }) => app.service('document-editor').get(MISSING), expect: NOBODYS },
  ],
  'document-editor.patch': [
    { name: 'needs ded', call: ({ app }, ids) => app.service('document-editor').patch(ids.document1002, { action: 'undo' }), expect: { anonymous: 401, admin: 404, staff: 404, client: 403 } },
    { name: 'missing', call: ({ app }) => app.service('document-editor').patch(MISSING, { action: 'renameDocument', part: 'p1', name: 'x' }), expect: NOBODYS },
  ],
  'documents.find': [
    { name: 'own company', call: ({ app }) => app.service('documents').find({ query: { client_no: 1002 } }), expect: OK_ALL },
    { name: '1001', call: ({ app }) => app.service('documents').find({ query: { client_no: 1001 } }), expect: NOT_CLIENTS },
  ],
  'documents.get': [
    { name: 'own company', call: ({ app }, ids) => app.service('documents').get(ids.document1002), expect: OK_ALL },
    { name: '1001', call: ({ app }, ids) => app.service('documents').get(ids.document1001), expect: NOT_CLIENTS },
    { name: 'missing', call: ({ app }) => app.service('documents').get(MISSING), expect: NOBODYS },
  ],
  'documents.create': [
    // The HTTP upload door: the same file again answers 200 with status 'exists', nothing new is stored.
    { name: 'upload to own company', call: (door, ids) => upload(door, 1002, ids.pdf), expect: OK_ALL },
    { name: 'upload to 1006', call: (door, ids) => upload(door, 1006, ids.pdf), expect: { anonymous: 401, staff: 403, client: 403 } },
  ],
  'documents.patch': [
    { name: '1001', call: ({ app }, ids) => app.service('documents').patch(ids.document1001, { retry: true }), expect: { anonymous: 401, client: 403 } },
    { name: 'missing', call: ({ app }) => app.service('documents').patch(MISSING, { retry: true }), expect: NOBODYS },
  ],
  'documents.remove': [
    { name: '1001', call: ({ app }, ids) => app.service('documents').remove(ids.document1001), expect: { anonymous: 401, client: 403 } },
    { name: 'missing', call: ({ app }) => app.service('documents').remove(MISSING), expect: NOBODYS },
  ],
  'document-labels.create': [
    // Every demo user has lab or app: the refusal is the company's.
    { name: '1001', call: ({ app }, ids) => app.service('document-labels').create({ document_id: ids.document1001, field: 'invoice_number', value: 'RE-1' }), expect: { anonymous: 401, client: 403 } },
    { name: 'missing', call: ({ app }) => app.service('document-labels').create({ document_id: MISSING, field: 'invoice_number', value: 'RE-1' }), expect: NOBODYS },
  ],
  'document-search.find': [
    { name: 'own company', call: ({ app }) => app.service('document-search').find({ query: { client_no: 1002, q: 'Rechnung' } }), expect: OK_ALL },
    { name: '1001', call: ({ app }) => app.service('document-search').find({ query: { client_no: 1001, q: 'Rechnung' } }), expect: NOT_CLIENTS },
  ],
  'document-fields.get': [
    { name: 'own company', call: ({ app }, ids) => app.service('document-fields').get(ids.document1002), expect: OK_ALL },
    { name: '1001', call: ({ app }, ids) => app.service('document-fields').get(ids.document1001), expect: NOT_CLIENTS },
    { name: 'missing', call: ({ app }) => app.service('document-fields').get(MISSING), expect: NOBODYS },
  ],
  // The writes name a version no document has, so a caller the policy lets through is refused as stale (409) and
  // nothing changes; only the refusals before it are the cases'.
  'document-confirmations.create': [
    { name: '1001', call: ({ app }, ids) => app.service('document-confirmations').create({ document_id: ids.document1001, version: STALE }), expect: { anonymous: 401, client: 403 } },
    { name: 'missing', call: ({ app }) => app.service('document-confirmations').create({ document_id: MISSING, version: 1 }), expect: NOBODYS },
  ],
  // Booking needs acc (staff has it, the client not) and the document's company; the writes name a stale version, so a
  // caller the policy lets through is refused as stale (409) and nothing is booked or reversed.
  'document-bookings.get': [
    { name: 'own company', call: ({ app }, ids) => app.service('document-bookings').get(ids.document1002), expect: OK_ALL },
    { name: '1001', call: ({ app }, ids) => app.service('document-bookings').get(ids.document1001), expect: NOT_CLIENTS },
    { name: 'missing', call: ({ app }) => app.service('document-bookings').get(MISSING), expect: NOBODYS },
  ],
  'document-bookings.create': [
    {
      name: 'own company',
      call: ({ app }, ids) => app.service('document-bookings').create({ document_id: ids.document1002, version: STALE, account: 330001, counter_account: 5000, period: '2026-03', lines: [{ taxCode: 'V20', amount: '1.00' }] }),
      expect: { anonymous: 401, admin: 409, staff: 409, client: 403 },
    },
    {
      name: 'missing',
      call: ({ app }) => app.service('document-bookings').create({ document_id: MISSING, version: 1, account: 330001, counter_account: 5000, period: '2026-03', lines: [{ taxCode: 'V20', amount: '1.00' }] }),
      expect: NOBODYS,
    },
  ],
  'document-bookings.patch': [
    { name: 'own company', call: ({ app }, ids) => app.service('document-bookings').patch(ids.document1002, { version: STALE, reason: 'permission case' }), expect: { anonymous: 401, admin: 409, staff: 409, client: 403 } },
    { name: 'missing', call: ({ app }) => app.service('document-bookings').patch(MISSING, { version: 1, reason: 'permission case' }), expect: NOBODYS },
  ],
  'document-trash.create': [
    { name: '1001', call: ({ app }, ids) => app.service('document-trash').create({ document_id: ids.document1001, version: STALE }), expect: { anonymous: 401, client: 403 } },
    { name: 'missing', call: ({ app }) => app.service('document-trash').create({ document_id: MISSING, version: 1 }), expect: NOBODYS },
  ],
  'document-trash.patch': [
    { name: '1001', call: ({ app }, ids) => app.service('document-trash').patch(ids.document1001, { restore: true, version: STALE }), expect: { anonymous: 401, client: 403 } },
    { name: 'missing', call: ({ app }) => app.service('document-trash').patch(MISSING, { restore: true, version: 1 }), expect: NOBODYS },
  ],
  'document-trash.remove': [
    // A live document is not purged (409 documents:notInTrash) for those the policy lets through.
    { name: '1001', call: ({ app }, ids) => app.service('document-trash').remove(ids.document1001), expect: { anonymous: 401, admin: 409, staff: 409, client: 403 } },
    { name: 'missing', call: ({ app }) => app.service('document-trash').remove(MISSING), expect: NOBODYS },
  ],
  'document-history.find': [
    { name: 'own company', call: ({ app }, ids) => app.service('document-history').find({ query: { document_id: ids.document1002 } }), expect: OK_ALL },
    { name: '1001', call: ({ app }, ids) => app.service('document-history').find({ query: { document_id: ids.document1001 } }), expect: NOT_CLIENTS },
    { name: 'missing', call: ({ app }) => app.service('document-history').find({ query: { document_id: MISSING } }), expect: NOBODYS },
  ],
  'document-presence.find': [
    { name: 'own company', call: ({ app }, ids) => app.service('document-presence').find({ query: { document_id: ids.document1002 } }), expect: OK_ALL },
    { name: '1001', call: ({ app }, ids) => app.service('document-presence').find({ query: { document_id: ids.document1001 } }), expect: NOT_CLIENTS },
  ],
  'document-presence.create': [
    { name: 'own company', call: ({ app }, ids) => app.service('document-presence').create({ document_id: ids.document1002 }), expect: OK_ALL },
    { name: '1001', call: ({ app }, ids) => app.service('document-presence').create({ document_id: ids.document1001 }), expect: NOT_CLIENTS },
    { name: 'missing', call: ({ app }) => app.service('document-presence').create({ document_id: MISSING }), expect: NOBODYS },
  ],
  'document-presence.remove': [
    { name: 'own company', call: ({ app }, ids) => app.service('document-presence').remove(ids.document1002), expect: OK_ALL },
    { name: '1001', call: ({ app }, ids) => app.service('document-presence').remove(ids.document1001), expect: NOT_CLIENTS },
  ],
  // The ERP export: read, create and revoke with acc or exp, mark imported and read results back with exp (the client
  // has neither), always with the company. A dry run answers the check without storing anything.
  'erp-exports.find': [
    { name: 'own company', call: ({ app }) => app.service('erp-exports').find({ query: { client_no: 1002 } }), expect: { anonymous: 401, admin: 'ok', staff: 'ok', client: 403 } },
    { name: '1006', call: ({ app }) => app.service('erp-exports').find({ query: { client_no: 1006 } }), expect: ADMINS_ONLY },
  ],
  'erp-exports.get': [
    { name: 'missing', call: ({ app }) => app.service('erp-exports').get(MISSING), expect: NOBODYS },
    { name: 'ZIP download of a missing batch', call: (door) => erpDownload(door, MISSING), expect: NOBODYS },
  ],
  'erp-exports.create': [
    { name: 'check 1002', call: ({ app }) => app.service('erp-exports').create({ client_no: 1002, format: 'bmd', period: '2026-01', dry_run: true }), expect: { anonymous: 401, admin: 'ok', staff: 'ok', client: 403 } },
    { name: 'check 1006', call: ({ app }) => app.service('erp-exports').create({ client_no: 1006, format: 'csv', period: '2026-01', dry_run: true }), expect: ADMINS_ONLY },
  ],
  'erp-exports.patch': [{ name: 'missing', call: ({ app }) => app.service('erp-exports').patch(MISSING, { imported: true }), expect: NOBODYS }],
  'erp-exports.remove': [{ name: 'missing', call: ({ app }) => app.service('erp-exports').remove(MISSING), expect: NOBODYS }],
  'erp-import-results.create': [
    { name: 'own company', call: ({ app }) => app.service('erp-import-results').create({ client_no: 1002, content: 'belegnr;status\r\n' }), expect: { anonymous: 401, admin: 'ok', staff: 'ok', client: 403 } },
    { name: '1006', call: ({ app }) => app.service('erp-import-results').create({ client_no: 1006, content: 'belegnr;status\r\n' }), expect: ADMINS_ONLY },
  ],
  'erp-settings.find': [
    { name: 'own company', call: ({ app }) => app.service('erp-settings').find({ query: { client: 1002 } }), expect: { anonymous: 401, admin: 'ok', staff: 'ok', client: 403 } },
    { name: '1006', call: ({ app }) => app.service('erp-settings').find({ query: { client: 1006 } }), expect: ADMINS_ONLY },
  ],
  'erp-settings.patch': [
    { name: 'needs adm', call: ({ app }) => app.service('erp-settings').patch(1002, { account_length: 5 }), expect: ADMINS_ONLY },
    { name: 'missing company', call: ({ app }) => app.service('erp-settings').patch(MISSING, { account_length: 5 }), expect: NOBODYS },
  ],
  // Scanners and the e-mail intake: the admin group (adm) only, with the company (SPEC §2 /scanner-admin).
  'scanners.find': [
    { name: 'needs adm', call: ({ app }) => app.service('scanners').find(), expect: ADMINS_ONLY },
    { name: '1006', call: ({ app }) => app.service('scanners').find({ query: { client: 1006 } }), expect: ADMINS_ONLY },
  ],
  'scanners.patch': [
    { name: 'needs adm', call: ({ app }, ids) => app.service('scanners').patch(ids.scanner1002, { location: 'Empfang' }), expect: ADMINS_ONLY },
    { name: 'missing', call: ({ app }) => app.service('scanners').patch(MISSING, { location: 'Empfang' }), expect: NOBODYS },
  ],
  'scanner-registrations.create': [
    { name: 'needs adm', call: ({ app }) => app.service('scanner-registrations').create({ location: 'Permission case', company_no: 1002 }), expect: ADMINS_ONLY },
    { name: 'missing company', call: ({ app }) => app.service('scanner-registrations').create({ location: 'Permission case', company_no: MISSING }), expect: NOBODYS },
  ],
  'scanner-tokens.create': [
    { name: 'needs adm', call: ({ app }, ids) => app.service('scanner-tokens').create({ scanner_id: ids.scanner1002 }), expect: ADMINS_ONLY },
    { name: 'missing', call: ({ app }) => app.service('scanner-tokens').create({ scanner_id: MISSING }), expect: NOBODYS },
  ],
  'scanner-tokens.remove': [
    { name: 'needs adm', call: ({ app }, ids) => app.service('scanner-tokens').remove(ids.scanner1002), expect: ADMINS_ONLY },
    { name: 'missing', call: ({ app }) => app.service('scanner-tokens').remove(MISSING), expect: NOBODYS },
  ],
  'intake-settings.find': [
    { name: 'needs adm', call: ({ app }) => app.service('intake-settings').find({ query: { client: 1002 } }), expect: ADMINS_ONLY },
    { name: 'missing company', call: ({ app }) => app.service('intake-settings').find({ query: { client: MISSING } }), expect: NOBODYS },
  ],
  'intake-settings.patch': [
    { name: 'needs adm', call: ({ app }) => app.service('intake-settings').patch(1002, { allowed_senders: [] }), expect: ADMINS_ONLY },
    { name: 'missing company', call: ({ app }) => app.service('intake-settings').patch(MISSING, { enabled: false }), expect: NOBODYS },
  ],
  'intake-log.find': [
    { name: 'needs adm', call: ({ app }) => app.service('intake-log').find({ query: { client: 1002 } }), expect: ADMINS_ONLY },
  ],
  'users.find': [{ name: 'needs kca', call: ({ app }) => app.service('users').find(), expect: ADMINS_ONLY }],
  'users.get': [
    { name: 'staff', call: ({ app }, ids) => app.service('users').get(ids.keycloak.staff), expect: ADMINS_ONLY },
    // Only a user manager learns that a user does not exist.
    { name: 'missing', call: ({ app }) => app.service('users').get('00000000-0000-4000-8000-000000000000'), expect: { anonymous: 401, admin: 404, staff: 403, client: 403 } },
  ],
  'users.patch': [
    { name: 'client locale', call: ({ app }, ids) => app.service('users').patch(ids.keycloak.client, { locale: 'en' }), expect: { anonymous: 401, admin: 'ok', staff: 403, client: 'ok' } },
    { name: 'staff locale', call: ({ app }, ids) => app.service('users').patch(ids.keycloak.staff, { locale: 'de' }), expect: { anonymous: 401, admin: 'ok', staff: 'ok', client: 403 } },
    {
      name: 'staff permissions',
      call: ({ app }, ids) => app.service('users').patch(ids.keycloak.staff, { permissions: ['doc', 'app', 'acc', 'rep', 'ded', 'ove', 'lab', 'exp', 'lar'] }),
      expect: ADMINS_ONLY,
    },
    // Issue 30: a user manager of 1002 (kca, doc) grants only what it holds (more in user-grants.test.ts).
    { name: 'kca1002 gives itself adm', call: ({ app }, ids) => app.service('users').patch(ids.keycloak.kca1002, { permissions: ['kca', 'doc', 'adm'] }), expect: { kca1002: 403 } },
    { name: 'kca1002 changes the admin', call: ({ app }, ids) => app.service('users').patch(ids.keycloak.admin, { firstName: 'Anna' }), expect: { kca1002: 403 } },
  ],
  'users.create': [
    { name: 'needs kca', call: ({ app }) => app.service('users').create({ email: `perm-${++counter}@case.portal`, firstName: 'Case', lastName: 'Person' }), expect: ADMINS_ONLY },
    // Issue 30: an administrator, or a user of 1006, is more than kca1002 holds; a doc user of 1002 is not.
    { name: 'an administrator', call: ({ app }) => app.service('users').create({ email: `perm-${++counter}@case.portal`, firstName: 'Case', lastName: 'Admin', permissions: ['adm'], klienten: [1002] }), expect: { kca1002: 403 } },
    { name: 'a user of 1006', call: ({ app }) => app.service('users').create({ email: `perm-${++counter}@case.portal`, firstName: 'Case', lastName: 'Other', permissions: ['doc'], klienten: [1006] }), expect: { kca1002: 403 } },
    { name: 'a doc user of 1002', call: ({ app }) => app.service('users').create({ email: `perm-${++counter}@case.portal`, firstName: 'Case', lastName: 'Clerk', permissions: ['doc'], klienten: [1002] }), expect: { kca1002: 'ok' } },
  ],
  'users.remove': [
    // A user that does not exist: only a user manager learns so (404); removing real users is user-admin.test.ts.
    { name: 'needs kca', call: ({ app }) => app.service('users').remove('00000000-0000-4000-8000-000000000000'), expect: { anonymous: 401, admin: 404, staff: 403, client: 403 } },
    // Issue 30: nor deletes a user who holds more.
    { name: 'the admin', call: ({ app }, ids) => app.service('users').remove(ids.keycloak.admin), expect: { kca1002: 403 } },
  ],
  'user-bulk.create': [
    { name: 'dry run needs kca', call: ({ app }) => app.service('user-bulk').create({ changes: [{ email: 'staff@demo.portal', addPermissions: ['pdf'] }], dryRun: true }), expect: ADMINS_ONLY },
  ],
  'user-credentials.create': [
    { name: 'needs kca', call: ({ app }) => app.service('user-credentials').create({ userId: '00000000-0000-4000-8000-000000000000', reset: 'secondFactor' }), expect: { anonymous: 401, admin: 404, staff: 403, client: 403 } },
    // Issue 30: a user manager of 1002 does not reset a full administrator's password (its link would sign in as them).
    { name: "the admin's password", call: ({ app }, ids) => app.service('user-credentials').create({ userId: ids.keycloak.admin, reset: 'password' }), expect: { kca1002: 403 } },
  ],
  'audit-log.find': [{ name: 'needs kca', call: ({ app }) => app.service('audit-log').find(), expect: ADMINS_ONLY }],
  'responsibility.find': [{ name: 'needs adm', call: ({ app }) => app.service('responsibility').find(), expect: ADMINS_ONLY }],
  'responsibility.create': [
    { name: 'needs adm', call: ({ app }) => app.service('responsibility').create({ staffId: null, companyNos: [1002] }), expect: ADMINS_ONLY },
  ],
  'responsibility-staff.find': [{ name: 'needs adm', call: ({ app }) => app.service('responsibility-staff').find(), expect: ADMINS_ONLY }],
  'fon-items.find': [{ name: 'needs adm', call: ({ app }) => app.service('fon-items').find({ query: { conflicts: true } }), expect: ADMINS_ONLY }],
  'fon-items.get': [{ name: 'needs adm', call: ({ app }) => app.service('fon-items').get(MISSING), expect: { anonymous: 401, admin: 404, staff: 403, client: 403 } }],
  'fon-items.patch': [
    { name: 'resolve needs adm', call: ({ app }) => app.service('fon-items').patch(MISSING, { action: 'resolve', remark: 'checked' }), expect: { anonymous: 401, admin: 404, staff: 403, client: 403 } },
    { name: 'reopen needs adm', call: ({ app }) => app.service('fon-items').patch(MISSING, { action: 'reopen' }), expect: { anonymous: 401, admin: 404, staff: 403, client: 403 } },
  ],
  'fon-imports.find': [{ name: 'needs adm', call: ({ app }) => app.service('fon-imports').find(), expect: ADMINS_ONLY }],
  'fon-imports.get': [{ name: 'needs adm', call: ({ app }) => app.service('fon-imports').get(MISSING), expect: { anonymous: 401, admin: 404, staff: 403, client: 403 } }],
  'fon-imports.create': [
    {
      name: 'needs adm',
      call: ({ app }) =>
        app.service('fon-imports').create({ kind: 'records', fileName: 'records.csv', content: Buffer.from('persNr,taxId,name,quotenArt,year\n1,123456789,Muster GmbH,K,2025\n').toString('base64') }),
      expect: ADMINS_ONLY,
    },
  ],
  // The firm's own records (issue 21): administrators only.
  'firm.find': [{ name: 'needs adm', call: ({ app }) => app.service('firm').find(), expect: ADMINS_ONLY }],
  'firm.patch': [
    { name: 'needs adm', call: ({ app }) => app.service('firm').patch('firm', { name: 'Kanzlei Muster', ntcsId: '4711', webekuUser: 'WEBEKU1', webekuPassword: 'perm-case-secret' }), expect: ADMINS_ONLY },
  ],
  'firm.remove': [
    {
      name: 'needs adm',
      call: async ({ app }) => {
        await app.service('firm').patch('firm', { name: 'Kanzlei Muster', ntcsId: '4711', webekuUser: 'WEBEKU1', webekuPassword: 'perm-case-secret' })
        return app.service('firm').remove('firm')
      },
      expect: ADMINS_ONLY,
    },
  ],
  'addresses.find': [{ name: 'needs adm', call: ({ app }) => app.service('addresses').find({ query: { search: 'Muster' } }), expect: ADMINS_ONLY }],
  'addresses.get': [{ name: 'needs adm', call: ({ app }) => app.service('addresses').get(MISSING), expect: { anonymous: 401, admin: 404, staff: 403, client: 403 } }],
  'addresses.create': [{ name: 'needs adm', call: ({ app }) => app.service('addresses').create({ name: 'Permission Case GmbH' }), expect: ADMINS_ONLY }],
  'addresses.patch': [{ name: 'needs adm', call: ({ app }) => app.service('addresses').patch(MISSING, { town: 'Wien' }), expect: { anonymous: 401, admin: 404, staff: 403, client: 403 } }],
  'sv-accounts.find': [
    { name: 'needs adm', call: ({ app }) => app.service('sv-accounts').find({ query: { attention: true } }), expect: ADMINS_ONLY },
    // Issue 30: the contribution accounts of the caller's companies only.
    { name: 'own companies', call: ({ app }) => app.service('sv-accounts').find({ query: {} }), expect: { admin1002: 'narrowed' } },
  ],
  'sv-accounts.get': [
    // Only a caller who sees every account learns that one does not exist.
    { name: 'missing', call: ({ app }) => app.service('sv-accounts').get(MISSING), expect: { anonymous: 401, admin: 404, staff: 403, client: 403, admin1002: 403 } },
    { name: '1002', call: ({ app }, ids) => app.service('sv-accounts').get(ids.svAccount1002), expect: { ...ADMINS_ONLY, admin1002: 'ok' } },
    { name: '1001', call: ({ app }, ids) => app.service('sv-accounts').get(ids.svAccount1001), expect: { ...ADMINS_ONLY, admin1002: 403 } },
  ],
  'sv-imports.find': [{ name: 'needs adm', call: ({ app }) => app.service('sv-imports').find(), expect: ADMINS_ONLY }],
  'sv-imports.get': [{ name: 'needs adm', call: ({ app }) => app.service('sv-imports').get(MISSING), expect: { anonymous: 401, admin: 404, staff: 403, client: 403 } }],
  'sv-imports.create': [
    {
      name: 'needs adm',
      call: ({ app }) => app.service('sv-imports').create({ kind: 'accounts', fileName: 'konten.csv', content: Buffer.from('beitragskontonummer;partner_name\n1234567;Muster GmbH\n').toString('base64') }),
      expect: ADMINS_ONLY,
    },
  ],
  'fon-quota.find': [{ name: 'needs adm', call: ({ app }) => app.service('fon-quota').find(), expect: ADMINS_ONLY }],
  'fon-settings.get': [{ name: 'needs adm', call: ({ app }) => app.service('fon-settings').get('fon'), expect: ADMINS_ONLY }],
  'fon-settings.patch': [
    { name: 'needs adm', call: ({ app }) => app.service('fon-settings').patch('fon', { participantId: '123456', userId: 'WEBUSER1' }), expect: ADMINS_ONLY },
  ],
  // Unpaid items, payments and the KER (issue 18): rep with the company; payment codes need pay; the mapping is changed by adm.
  'unpaid-items.find': [
    { name: 'own company', call: ({ app }) => app.service('unpaid-items').find({ query: { client: 1002, side: 'ER' } }), expect: OK_ALL },
    { name: '1006', call: ({ app }) => app.service('unpaid-items').find({ query: { client: 1006, side: 'AR' } }), expect: ADMINS_ONLY },
    // What the company is owed lists its outgoing invoices: lar as well (the client has rep, not lar).
    { name: 'own company, receivables', call: ({ app }) => app.service('unpaid-items').find({ query: { client: 1002, side: 'AR' } }), expect: NOT_CLIENTS },
  ],
  'payments.find': [
    { name: 'own company', call: ({ app }) => app.service('payments').find({ query: { client: 1002, booking_id: MISSING } }), expect: OK_ALL },
    { name: '1006', call: ({ app }) => app.service('payments').find({ query: { client: 1006, booking_id: MISSING } }), expect: ADMINS_ONLY },
  ],
  'payments.create': [
    { name: 'missing booking', call: ({ app }) => app.service('payments').create({ booking_id: MISSING, paid_on: '2026-03-01', amount: '1.00', method: 'cash' }), expect: NOBODYS },
  ],
  'payments.remove': [{ name: 'missing', call: ({ app }) => app.service('payments').remove(MISSING), expect: NOBODYS }],
  'payment-codes.get': [{ name: 'missing', call: ({ app }) => app.service('payment-codes').get(MISSING), expect: NOBODYS }],
  'approval-policies.get': [
    { name: 'own company', call: ({ app }) => app.service('approval-policies').get(1002), expect: OK_ALL },
    { name: '1006', call: ({ app }) => app.service('approval-policies').get(1006), expect: ADMINS_ONLY },
  ],
  'approval-policies.patch': [{ name: 'needs pay or adm', call: ({ app }) => app.service('approval-policies').patch(1002, { run_release_required: false }), expect: ADMINS_ONLY }],
  'approval-delegations.find': [
    { name: 'own company', call: ({ app }) => app.service('approval-delegations').find({ query: { client: 1002 } }), expect: OK_ALL },
    { name: '1006', call: ({ app }) => app.service('approval-delegations').find({ query: { client: 1006 } }), expect: ADMINS_ONLY },
  ],
  'approval-delegations.create': [
    {
      name: 'unknown delegate',
      call: ({ app }) => app.service('approval-delegations').create({ client: 1006, to_user: '00000000-0000-4000-8000-000000000000', from_date: '2026-03-01', to_date: '2026-03-02' }),
      expect: { anonymous: 401, admin: 400, staff: 403, client: 403 },
    },
  ],
  'approval-delegations.remove': [{ name: 'missing', call: ({ app }) => app.service('approval-delegations').remove(MISSING), expect: NOBODYS }],
  'document-approvals.find': [
    { name: 'own company', call: ({ app }, ids) => app.service('document-approvals').find({ query: { document_id: ids.document1002 } }), expect: OK_ALL },
    { name: '1001', call: ({ app }, ids) => app.service('document-approvals').find({ query: { document_id: ids.document1001 } }), expect: NOT_CLIENTS },
    { name: 'missing', call: ({ app }) => app.service('document-approvals').find({ query: { document_id: MISSING } }), expect: NOBODYS },
  ],
  'document-approvals.create': [
    { name: 'missing', call: ({ app }) => app.service('document-approvals').create({ document_id: MISSING, action: 'approve' }), expect: NOBODYS },
    // A rejection without its reason is refused after the policy: the caller's right and company come first.
    { name: '1001', call: ({ app }, ids) => app.service('document-approvals').create({ document_id: ids.document1001, action: 'reject' }), expect: { anonymous: 401, admin: 400, staff: 400, client: 403 } },
  ],
  'payment-runs.find': [
    { name: 'needs pay', call: ({ app }) => app.service('payment-runs').find({ query: { client: 1002 } }), expect: ADMINS_ONLY },
    { name: 'own company only', call: ({ app }) => app.service('payment-runs').find({ query: { client: 1001 } }), expect: { admin1002: 403 } },
  ],
  'payment-runs.get': [
    { name: 'missing', call: ({ app }) => app.service('payment-runs').get(MISSING), expect: NOBODYS },
    { name: 'file door, missing', call: (door) => runFile(door, MISSING), expect: NOBODYS },
  ],
  'payment-runs.create': [
    {
      name: 'no open item',
      call: ({ app }) => app.service('payment-runs').create({ company_no: 1002, open_item_ids: [MISSING], execution_date: '2199-01-01' }),
      expect: { anonymous: 401, admin: 400, staff: 403, client: 403 },
    },
  ],
  'payment-runs.patch': [{ name: 'missing', call: ({ app }) => app.service('payment-runs').patch(MISSING, { action: 'release' }), expect: NOBODYS }],
  'payment-proposals.find': [{ name: 'needs pay', call: ({ app }) => app.service('payment-proposals').find({ query: { client: 1002, execution_date: '2026-03-01' } }), expect: ADMINS_ONLY }],
  'ker-report.find': [
    { name: 'own company', call: ({ app }) => app.service('ker-report').find({ query: { client: 1002, year: 2026, granularity: 'year' } }), expect: OK_ALL },
    { name: '1006', call: ({ app }) => app.service('ker-report').find({ query: { client: 1006, year: 2026, granularity: 'year' } }), expect: ADMINS_ONLY },
  ],
  'ker-exports.create': [
    { name: 'own company', call: ({ app }) => app.service('ker-exports').create({ client: 1002, year: 2026, granularity: 'quarter', index: 1, format: 'csv' }), expect: OK_ALL },
    { name: '1006', call: ({ app }) => app.service('ker-exports').create({ client: 1006, year: 2026, granularity: 'year', format: 'pdf' }), expect: ADMINS_ONLY },
  ],
  'ker-mappings.find': [
    { name: 'own company', call: ({ app }) => app.service('ker-mappings').find({ query: { client: 1002 } }), expect: OK_ALL },
    { name: '1006', call: ({ app }) => app.service('ker-mappings').find({ query: { client: 1006 } }), expect: ADMINS_ONLY },
  ],
  // An empty list keeps the EKR defaults: allowed for adm, changes nothing.
  'ker-mappings.patch': [{ name: 'needs adm', call: ({ app }) => app.service('ker-mappings').patch(1002, { ranges: [] }), expect: ADMINS_ONLY }],
  // Own data: every signed-in user about themselves. A passkey or device of nobody is 404 for everyone.
  'account-security.find': [{ name: 'own state', call: ({ app }) => app.service('account-security').find(), expect: OK_ALL }],
  'account-security.create': [
    {
      name: 'rename a missing passkey',
      call: ({ app }) => app.service('account-security').create({ action: 'passkeyRename', id: 'no-such-passkey', name: 'Key' }),
      expect: { anonymous: 401, admin: 404, staff: 404, client: 404 },
    },
    {
      // Issue 30: changing the sign-in methods needs a fresh proof (step-up), whatever the rights.
      name: 'add a passkey with a session alone',
      call: ({ app }) => app.service('account-security').create({ action: 'passkeyBegin' }),
      expect: { anonymous: 401, admin: 403, staff: 403, client: 403 },
    },
  ],
  'account-sessions.find': [{ name: 'own devices', call: ({ app }) => app.service('account-sessions').find(), expect: OK_ALL }],
  'account-sessions.remove': [
    { name: 'a device of nobody', call: ({ app }) => app.service('account-sessions').remove('no-such-grant'), expect: { anonymous: 401, admin: 404, staff: 404, client: 404 } },
  ],
  'second-factor-policy.find': [{ name: 'needs adm or kca', call: ({ app }) => app.service('second-factor-policy').find(), expect: ADMINS_ONLY }],
  // An empty policy is what the demo has: allowed for adm/kca, changes nothing.
  'second-factor-policy.create': [{ name: 'needs adm or kca', call: ({ app }) => app.service('second-factor-policy').create({ scopes: [] }), expect: ADMINS_ONLY }],
  // Banking (issue 19): adm or ban of the company; the approvals are the firm's administrators' (adm, no company).
  // Nobody accepts 1006's terms in a run, so withdrawing and requesting there are refused by state (409) once allowed.
  'bank-terms.find': [{ name: 'needs adm or ban', call: ({ app }) => app.service('bank-terms').find({ query: { client: 1002 } }), expect: ADMINS_ONLY }],
  'bank-terms.create': [
    { name: 'outdated version', call: ({ app }) => app.service('bank-terms').create({ client: 1006, version: 'old', language: 'en' }), expect: { anonymous: 401, admin: 400, staff: 403, client: 403 } },
  ],
  'bank-terms.remove': [{ name: 'none accepted', call: ({ app }) => app.service('bank-terms').remove(1006), expect: { anonymous: 401, admin: 409, staff: 403, client: 403 } }],
  'bank-accesses.find': [{ name: 'needs adm or ban', call: ({ app }) => app.service('bank-accesses').find({ query: { client: 1002 } }), expect: ADMINS_ONLY }],
  'bank-accesses.create': [
    { name: 'terms not accepted', call: ({ app }) => app.service('bank-accesses').create({ client: 1006, iban: 'AT402011182221219900' }), expect: { anonymous: 401, admin: 409, staff: 403, client: 403 } },
  ],
  'bank-accesses.patch': [{ name: 'missing', call: ({ app }) => app.service('bank-accesses').patch(MISSING, { action: 'revoke' }), expect: NOBODYS }],
  'bank-approvals.find': [
    { name: 'needs adm', call: ({ app }) => app.service('bank-approvals').find({ query: {} }), expect: ADMINS_ONLY },
    // Issue 30: an administrator of 1002 only sees 1002's accesses, not every company's.
    { name: 'own companies', call: ({ app }) => app.service('bank-approvals').find({ query: {} }), expect: { admin1002: 'narrowed' } },
  ],
  'bank-approvals.patch': [
    { name: 'missing', call: ({ app }) => app.service('bank-approvals').patch(MISSING, { decision: 'approve' }), expect: { ...NOBODYS, admin1002: 403 } },
    // Issue 30: nor decides another company's request.
    { name: '1001', call: ({ app }, ids) => app.service('bank-approvals').patch(ids.bankAccess1001, { decision: 'reject' }), expect: { staff: 403, admin1002: 403 } },
  ],
  'bank-statements.create': [
    {
      name: 'missing access',
      call: ({ app }) => app.service('bank-statements').create({ client: 1006, access_id: MISSING, file_name: 'a.sta', content: ':20:X\n:25:AT402011182221219900\n:60F:C260303EUR1,00\n:62F:C260303EUR1,00\n' }),
      expect: NOBODYS,
    },
  ],
  'bank-transactions.find': [{ name: 'needs adm or ban', call: ({ app }) => app.service('bank-transactions').find({ query: { client: 1002 } }), expect: ADMINS_ONLY }],
  'bank-matches.create': [{ name: 'missing', call: ({ app }) => app.service('bank-matches').create({ transaction_id: MISSING, proposal: 0 }), expect: NOBODYS }],
  'bank-matches.remove': [{ name: 'missing', call: ({ app }) => app.service('bank-matches').remove(MISSING), expect: NOBODYS }],
  // Issue 34: requests are read by everyone holding the company, asked and closed with acc, answered with doc.
  'document-requests.find': [
    { name: 'own company', call: ({ app }) => app.service('document-requests').find({ query: { company_no: 1002 } }), expect: { ...OK_ALL, admin1002: 'ok', kca1002: 'ok' } },
    { name: '1001', call: ({ app }) => app.service('document-requests').find({ query: { company_no: 1001 } }), expect: { ...NOT_CLIENTS, admin1002: 403, kca1002: 403 } },
    { name: 'own companies', call: ({ app }) => app.service('document-requests').find({ query: {} }), expect: { client: 'narrowed', admin1002: 'narrowed', kca1002: 'narrowed' } },
  ],
  'document-requests.create': [
    { name: 'needs acc', call: ({ app }) => app.service('document-requests').create({ company_no: 1002, text: 'Bitte Mietvertrag hochladen', due_date: '2026-05-31' }), expect: { anonymous: 401, admin: 'ok', staff: 'ok', client: 403, admin1002: 'ok', kca1002: 403 } },
    { name: '1006', call: ({ app }) => app.service('document-requests').create({ company_no: 1006, text: 'Bitte Mietvertrag hochladen', due_date: '2026-05-31' }), expect: ADMINS_ONLY },
    { name: 'a transaction needs adm or ban', call: ({ app }, ids) => app.service('document-requests').create({ company_no: 1002, text: 'Beleg zur Abbuchung', due_date: '2026-05-31', bank_transaction_id: ids.transaction1002 }), expect: { anonymous: 401, admin: 'ok', staff: 403, client: 403 } },
  ],
  'document-requests.patch': [
    { name: 'answer needs doc', call: ({ app }, ids) => app.service('document-requests').patch(ids.request1002, { answer: 'Liegt in der Post.' }), expect: { anonymous: 401, admin: 'ok', staff: 'ok', client: 'ok', kca1002: 'ok' } },
    { name: 'answer 1001', call: ({ app }, ids) => app.service('document-requests').patch(ids.request1001, { answer: 'Liegt bei.' }), expect: { client: 403, admin1002: 403, kca1002: 403 } },
    { name: 'close needs acc', call: ({ app }, ids) => app.service('document-requests').patch(ids.requestToClose1002, { status: 'closed' }), expect: { anonymous: 401, client: 403, kca1002: 403, staff: 'ok' } },
    { name: 'missing', call: ({ app }) => app.service('document-requests').patch(MISSING, { answer: 'x' }), expect: NOBODYS },
  ],
  'document-request-messages.find': [
    { name: 'own company', call: ({ app }, ids) => app.service('document-request-messages').find({ query: { request_id: ids.request1002 } }), expect: OK_ALL },
    { name: '1001', call: ({ app }, ids) => app.service('document-request-messages').find({ query: { request_id: ids.request1001 } }), expect: { ...NOT_CLIENTS, admin1002: 403 } },
  ],
  'document-request-messages.create': [
    { name: 'own company', call: ({ app }, ids) => app.service('document-request-messages').create({ request_id: ids.request1002, text: 'Kommt morgen.' }), expect: { ...OK_ALL, kca1002: 'ok' } },
    { name: '1001', call: ({ app }, ids) => app.service('document-request-messages').create({ request_id: ids.request1001, text: 'Kommt morgen.' }), expect: { ...NOT_CLIENTS, admin1002: 403 } },
    { name: 'missing', call: ({ app }) => app.service('document-request-messages').create({ request_id: MISSING, text: 'x' }), expect: NOBODYS },
  ],
  // Comments: doc, the document's company and its kind's rights; edit and delete the author's own only.
  'document-comments.find': [
    { name: 'own company', call: ({ app }, ids) => app.service('document-comments').find({ query: { document_id: ids.document1002 } }), expect: { ...OK_ALL, kca1002: 'ok' } },
    { name: '1001', call: ({ app }, ids) => app.service('document-comments').find({ query: { document_id: ids.document1001 } }), expect: { ...NOT_CLIENTS, admin1002: 403 } },
  ],
  'document-comments.create': [
    { name: 'own company', call: ({ app }, ids) => app.service('document-comments').create({ document_id: ids.document1002, text: 'Gesehen.' }), expect: OK_ALL },
    { name: '1001', call: ({ app }, ids) => app.service('document-comments').create({ document_id: ids.document1001, text: 'Gesehen.' }), expect: { ...NOT_CLIENTS, admin1002: 403 } },
    { name: 'missing', call: ({ app }) => app.service('document-comments').create({ document_id: MISSING, text: 'x' }), expect: NOBODYS },
  ],
  'document-comments.patch': [
    { name: "the author's own", call: ({ app }, ids) => app.service('document-comments').patch(ids.commentToEdit1002, { text: 'Bitte Leistungszeitraum prüfen (März)' }), expect: { anonymous: 401, admin: 'ok', staff: 403, client: 403, admin1002: 403 } },
    { name: '1001', call: ({ app }, ids) => app.service('document-comments').patch(ids.comment1001, { text: 'x' }), expect: { client: 403, admin1002: 403 } },
  ],
  'document-comments.remove': [
    { name: "the author's own", call: ({ app }, ids) => app.service('document-comments').remove(ids.commentToRemove1002), expect: { anonymous: 401, admin: 'ok', staff: 403, client: 403 } },
    { name: 'missing', call: ({ app }) => app.service('document-comments').remove(MISSING), expect: NOBODYS },
  ],
  // Issue 34: the firm dashboard needs ove and answers only the caller's companies; the month check needs the company.
  'company-overview.find': [
    { name: 'needs ove, own companies only', call: ({ app }) => app.service('company-overview').find({ query: { $limit: 1000 } }), expect: { anonymous: 401, admin: 'narrowed', staff: 'narrowed', client: 403, admin1002: 'narrowed', kca1002: 403 } },
  ],
  'month-checks.find': [
    { name: 'own company', call: ({ app }) => app.service('month-checks').find({ query: { client: 1002, months: 1 } }), expect: { ...OK_ALL, kca1002: 'ok' } },
    { name: '1006', call: ({ app }) => app.service('month-checks').find({ query: { client: 1006, months: 1 } }), expect: { ...ADMINS_ONLY, admin1002: 403, kca1002: 403 } },
  ],
  'month-checks.create': [
    { name: 'release of 1006', call: ({ app }) => app.service('month-checks').create({ company_no: 1006, month: '2019-01' }), expect: { ...ADMINS_ONLY, admin1002: 403, kca1002: 403 } },
  ],
  // A month never released: the admin learns it is not released (409), everyone else only that it is not theirs.
  'month-checks.remove': [
    { name: 'withdrawal for 1006', call: ({ app }) => app.service('month-checks').remove('1006-2018-01'), expect: { anonymous: 401, admin: 409, staff: 403, client: 403, admin1002: 403, kca1002: 403 } },
  ],
}
