/**
 * The navigation menu of SPEC §2 as a pure model: which entries a user sees, in which order, where they lead and
 * which badge they carry. The web portal renders it; tests check it without a browser.
 */
import { buildPath, canAccess, NO_CLIENT, routeByName, type RouteAccess, type RouteName } from './routes'

/** Which live count an entry shows as a badge. */
export type MenuBadge = 'invoices' | 'editor'

/** A link to a route of the portal. */
export interface MenuLink {
  kind: 'route'
  id: RouteName
  /** Label key in the 'shell' namespace; account-preferences shows the e-mail instead (see `text`). */
  labelKey: string
  /** Literal label that replaces the translated one (the user's e-mail). */
  text?: string
  to: string
  badge?: MenuBadge
}

/** A link that leaves the portal (the documentation). */
export interface MenuExternal {
  kind: 'external'
  id: 'documentation'
  labelKey: string
  href: string
}

/** A titled group of links (the Admin group). */
export interface MenuGroup {
  kind: 'group'
  id: 'admin'
  labelKey: string
  items: MenuLink[]
}

/** One visible entry of the menu. */
export type MenuEntry = MenuLink | MenuExternal | MenuGroup

/** What the menu depends on. */
export interface MenuInput {
  permissions: readonly string[]
  /** Current company number (from the route), else the favourite; null or 0 = none. */
  client: number | null | undefined
  email: string
  /** Documentation base URL from the `config` service; the entry is left out when empty. */
  docUrl: string | undefined
  /** Value of the documentation's provider query parameter (the brand short name). */
  provider: string
}

interface LinkSpec {
  id: RouteName
  access?: RouteAccess
  badge?: MenuBadge
  /** Shown only with a company in context (a screen of one company's records that has nothing without one). */
  needsCompany?: boolean
}

// SPEC §2 order. Access defaults to the route's own guard so the menu and the router never disagree.
const MAIN: LinkSpec[] = [
  { id: 'overview' },
  { id: 'invoices', badge: 'invoices' },
  { id: 'unpaid-items' },
  { id: 'banking' },
  { id: 'reports' },
  { id: 'documents' },
  // Requests for documents (issues 34, 36): everyone holding the company reads and answers them (the route's own
  // guard), so a client's people reach them from the drawer too, not only from their landing page. Needs a company.
  { id: 'requests', needsCompany: true },
  { id: 'document-editor', badge: 'editor' },
]

const ADMIN: LinkSpec[] = [
  { id: 'settings' },
  { id: 'addresses' },
  { id: 'adm-banking-overview' },
  { id: 'responsibility' },
  { id: 'fon-monitoring' },
  { id: 'user-admin' },
  { id: 'scanner-admin' },
  { id: 'sv-tool' },
]

function link(spec: LinkSpec, client: string): MenuLink {
  const def = routeByName(spec.id)
  return {
    kind: 'route',
    id: spec.id,
    labelKey: `menu.${spec.id}`,
    to: buildPath(def.path, { client }),
    ...(spec.badge ? { badge: spec.badge } : {}),
  }
}

const allowed = (spec: LinkSpec, permissions: readonly string[]) =>
  canAccess(spec.access ?? routeByName(spec.id).access, permissions)

/** Builds the entries a user sees, hiding those without the matching permission (SPEC §2 "Navigation drawer"). */
export function buildMenu(input: MenuInput): MenuEntry[] {
  const client = input.client ? String(input.client) : NO_CLIENT
  const entries: MenuEntry[] = MAIN.filter((spec) => allowed(spec, input.permissions) && (!spec.needsCompany || client !== NO_CLIENT)).map((spec) =>
    link(spec, client),
  )
  if (input.permissions.includes('adm')) {
    const items = ADMIN.filter((spec) => allowed(spec, input.permissions)).map((spec) => link(spec, client))
    entries.push({ kind: 'group', id: 'admin', labelKey: 'menu.admin', items })
  }
  if (input.docUrl) {
    entries.push({ kind: 'external', id: 'documentation', labelKey: 'menu.documentation', href: documentationUrl(input.docUrl, input.provider) })
  }
  entries.push(link({ id: 'app-info' }, client))
  entries.push({ ...link({ id: 'account-preferences' }, client), text: input.email })
  return entries
}

/** The documentation link with its provider query parameter (SPEC §9); a provider already in the URL is kept. */
export function documentationUrl(docUrl: string, provider: string): string {
  const query = docUrl.split('#')[0].split('?')[1] ?? ''
  if (new URLSearchParams(query).has('provider')) return docUrl
  const separator = docUrl.includes('?') ? '&' : '?'
  return `${docUrl}${separator}provider=${encodeURIComponent(provider)}`
}

/** Flattens the menu to the ids of its links, in order (groups contribute their items). */
export function menuIds(entries: readonly MenuEntry[]): string[] {
  return entries.flatMap((entry) => (entry.kind === 'group' ? [entry.id, ...entry.items.map((i) => i.id)] : [entry.id]))
}
