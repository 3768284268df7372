/**
 * The route table of SPEC §2: path patterns, who may open them, title keys and whether the top bar shows the
 * company picker. Pure data plus small helpers, shared by the web portal (router, guards, titles) and tests.
 */
import { DEFAULT_DOCUMENT_TYPE_ROUTE } from '../domain/documentTypes'

/** Names of every route of SPEC §2 (and the title-only names it mentions). */
export const ROUTE_NAMES = [
  'root',
  'logout',
  'overview',
  'responsibility',
  'documents',
  'capture',
  'reports',
  'document-editor',
  'document-editor-document',
  'invoices',
  'invoiceDetails',
  'accounts',
  'erp-export',
  'month-check',
  'unpaid-items',
  'banking',
  'requests',
  'settings',
  'addresses',
  'adm-banking-overview',
  'error',
  'fon-monitoring',
  'user-admin',
  'scanner-admin',
  'sv-tool',
  'single-document',
  'app-info',
  'account-preferences',
  'not-found',
] as const

/** One route name of SPEC §2. */
export type RouteName = (typeof ROUTE_NAMES)[number]

/**
 * Who may open a route: 'public' needs no sign-in, 'signed-in' any session, otherwise the user needs every
 * permission of `allOf` (when given) and at least one of `anyOf` (when given).
 */
export type RouteAccess = 'public' | 'signed-in' | { anyOf?: readonly string[]; allOf?: readonly string[] }

/** One entry of the route table. */
export interface RouteDef {
  name: RouteName
  /** react-router path pattern; optional segments end with '?'. */
  path: string
  access: RouteAccess
  /** Title key in the 'shell' namespace. */
  titleKey: string
  /** The top bar shows the company picker (routes with a client parameter). */
  showCompanies: boolean
}

const ADMIN = { anyOf: ['adm'] } as const

const route = (name: RouteName, path: string, access: RouteAccess, showCompanies = false): RouteDef => ({
  name,
  path,
  access,
  titleKey: `routes.${name}`,
  showCompanies,
})

/** Every route of SPEC §2 in table order; the catch-all not-found route comes last. */
export const ROUTES: readonly RouteDef[] = [
  route('root', '/', 'signed-in'),
  route('logout', '/logout', 'public'),
  route('overview', '/overview', { anyOf: ['ove'] }),
  route('responsibility', '/responsibility', ADMIN),
  route('documents', '/documents/:client', { anyOf: ['doc'] }, true),
  // Camera capture on a phone (issue 36): a client company's landing there; uploading needs doc, as on Documents.
  route('capture', '/capture/:client', { anyOf: ['doc'] }, true),
  route('reports', '/reports/:client', { anyOf: ['rep'] }, true),
  route('document-editor-document', '/document-editor/:client/:documentId', { anyOf: ['ded'] }, true),
  route('document-editor', '/document-editor/:client', { anyOf: ['ded'] }, true),
  route('invoices', '/invoices/:client/:document_type?/:document_id?', 'signed-in', true),
  // Suppliers and customers (acc) and the firm's tax code table (adm): opened from the Accounting screen, not the menu
  // (SPEC §2 fixes the drawer's entries); see docs/web.md.
  route('accounts', '/accounts/:client/:tab?', { anyOf: ['acc', 'adm'] }, true),
  // The ERP export (acc or exp): opened from the Accounting screen, not the menu (SPEC §2 fixes the drawer); docs/web.md.
  route('erp-export', '/erp-export/:client', { anyOf: ['acc', 'exp'] }, true),
  // The month check (issue 34): opened from the Accounting screen and the firm dashboard, not the menu; docs/overview-and-month-check.md.
  route('month-check', '/month-check/:client', 'signed-in', true),
  route('unpaid-items', '/unpaid/:client/:document_type?/:document_id?', { anyOf: ['rep'] }, true),
  route('banking', '/banking/:client', { anyOf: ['adm', 'ban'] }, true),
  // Requests for documents (issue 34): everyone holding the company reads them; opened from the company's landing block,
  // the firm dashboard and the banking screen, not the menu (SPEC §2 fixes the drawer); docs/requests-and-comments.md.
  route('requests', '/requests/:client', 'signed-in', true),
  route('settings', '/settings/:client', ADMIN, true),
  route('addresses', '/admin/addresses/:address_id?', ADMIN),
  route('adm-banking-overview', '/admin/adm-banking/overview', ADMIN),
  route('error', '/error', 'signed-in'),
  route('fon-monitoring', '/fon-monitoring', ADMIN),
  route('user-admin', '/user-admin', { anyOf: ['kca'] }),
  route('scanner-admin', '/scanner-admin', ADMIN),
  route('sv-tool', '/admin/sv-tool', ADMIN),
  route('single-document', '/doc/:client?/:document_id', 'signed-in'),
  route('app-info', '/app-info', 'signed-in'),
  route('account-preferences', '/account/preferences', 'signed-in'),
  route('not-found', '*', 'signed-in'),
]

/** The default document type of the invoice and unpaid routes (SPEC §9). */
export const DEFAULT_DOCUMENT_TYPE = DEFAULT_DOCUMENT_TYPE_ROUTE

/** Client parameter meaning "no company selected". */
export const NO_CLIENT = '0'

/** Looks a route up by name; every RouteName has exactly one entry. */
export function routeByName(name: RouteName): RouteDef {
  const found = ROUTES.find((r) => r.name === name)
  if (!found) throw new Error(`Unknown route ${name}`)
  return found
}

/** True when a user with these permissions may open the route (signed-in is assumed for non-public routes). */
export function canAccess(access: RouteAccess, permissions: readonly string[]): boolean {
  if (access === 'public' || access === 'signed-in') return true
  const has = (code: string) => permissions.includes(code)
  if (access.allOf && !access.allOf.every(has)) return false
  if (access.anyOf && !access.anyOf.some(has)) return false
  return true
}

/** Parsed, defaulted parameters of the routes with a client parameter (SPEC §2). */
export interface ClientRouteParams {
  /** Company number; 0 when none is selected or the value is not a number. */
  client: number
  /** Lower-case document type, 'er_u' when missing. */
  documentType: string
  /** Integer document id, 0 when missing or not an integer. */
  documentId: number
}

const toInteger = (value: string | undefined): number => (value !== undefined && /^\d+$/.test(value) ? Number(value) : 0)

/** Applies the defaults of SPEC §2 to raw route parameters. */
export function parseClientParams(raw: {
  client?: string
  document_type?: string
  document_id?: string
}): ClientRouteParams {
  return {
    client: toInteger(raw.client),
    documentType: (raw.document_type || DEFAULT_DOCUMENT_TYPE).toLowerCase(),
    documentId: toInteger(raw.document_id),
  }
}

/** Fills a path pattern with parameters; optional parameters without a value are dropped with their segment. */
export function buildPath(pattern: string, params: Record<string, string | number | undefined>): string {
  const segments = pattern.split('/').flatMap((segment) => {
    if (!segment.startsWith(':')) return [segment]
    const optional = segment.endsWith('?')
    const key = segment.slice(1, optional ? -1 : undefined)
    const value = params[key]
    if (value === undefined || value === '') {
      if (optional) return []
      throw new Error(`Missing route parameter ${key} for ${pattern}`)
    }
    return [encodeURIComponent(String(value))]
  })
  return segments.join('/') || '/'
}

/** Where `/` leads a signed-in user: /overview with ove, else the invoices of their favourite client. */
export function homePath(permissions: readonly string[], favClient: number | null | undefined): string {
  if (permissions.includes('ove')) return '/overview'
  return buildPath(routeByName('invoices').path, { client: favClient ?? NO_CLIENT })
}

/**
 * The same route with another client, for the company picker. The document type is kept; a document id is
 * dropped because it belongs to the previous company.
 */
export function withClient(pattern: string, params: Record<string, string | undefined>, client: number): string {
  const kept = { ...params, client, document_id: undefined, documentId: undefined }
  // document-editor-document needs its documentId: fall back to the editor list of the new company.
  const target = pattern === routeByName('document-editor-document').path ? routeByName('document-editor').path : pattern
  return buildPath(target, kept)
}
