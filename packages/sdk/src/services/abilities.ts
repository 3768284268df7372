import type { Permission } from '../domain/permissions'

/** A service method a rule speaks about. */
export type ServiceMethod = 'find' | 'get' | 'create' | 'update' | 'patch' | 'remove'

/**
 * Who may call one service method.
 * - `access`: 'public' needs nothing, 'session' needs a signed-in user.
 * - `anyOf`: at least one of these permission codes (SPEC §6); empty means none is needed.
 * - `company`: the call concerns one client company (or, for finds, is narrowed to the caller's companies);
 *   the caller must have that company.
 * - `own`: fields a user may change on their own record without `anyOf` (users: locale, favClient).
 */
export interface AbilityRule {
  access: 'public' | 'session'
  anyOf: readonly Permission[]
  company: boolean
  own?: readonly string[]
}

const session = (anyOf: readonly Permission[] = [], company = false): AbilityRule => ({
  access: 'session',
  anyOf,
  company,
})

/** The rule table: every (service, method) the portal offers. A pair not listed is refused. */
export const abilities: Readonly<Record<string, Partial<Record<ServiceMethod, AbilityRule>>>> = {
  config: { find: session() },
  version: { find: { access: 'public', anyOf: [], company: false } },
  'accounting-client': { find: session([], true) },
  'document-category': { find: session() },
  'company-settings': { find: session([], true), patch: session(['adm'], true) },
  'acc-periods': { find: session([], true) },
  'acc-cost': { find: session([], true) },
  'acc-books': { find: session([], true) },
  'acc-exp-acc': { find: session([], true) },
  'acc-suppliers': {
    find: session([], true),
    get: session([], true),
    create: session(['acc'], true),
    patch: session(['acc'], true),
  },
  aggregator: { find: session([], true) },
  'editor-document': { find: session(['ded'], true) },
  documents: {
    find: session(['doc'], true),
    get: session(['doc'], true),
    create: session(['doc'], true),
    patch: session(['doc'], true),
    remove: session(['doc'], true),
  },
  'document-labels': { create: session(['lab', 'app'], true) },
  'document-search': { find: session(['doc'], true) },
  'document-fields': { get: session(['doc'], true) },
  users: {
    find: session(['kca']),
    get: session(['kca']),
    patch: { access: 'session', anyOf: ['kca'], company: false, own: ['locale', 'favClient'] },
  },
}

/** What the abilities need to know about the caller (a SessionUser fits). */
export interface AbilityUser {
  permissions_array: readonly string[]
  klienten_array: readonly number[]
}

/** Why a call is refused: no session, or a missing right or company. */
export type Refusal = 'unauthenticated' | 'forbidden'

/** Facts about one call the table is evaluated against. */
export interface AbilityTarget {
  /** The company the call concerns, when it names one. */
  companyNo?: number
  /** True when the record is the caller's own (users). */
  own?: boolean
  /** Fields the call changes (patch), to check `own` rules. */
  fields?: readonly string[]
}

/** The rule for a service method, or undefined when the portal does not offer it. */
export function ruleFor(path: string, method: string): AbilityRule | undefined {
  return Object.hasOwn(abilities, path) ? abilities[path][method as ServiceMethod] : undefined
}

/**
 * Decides one call: undefined when allowed, else why not. Pure, so the web and CLI hide what the server
 * would refuse, and the server enforces the very same table.
 */
export function refusal(
  user: AbilityUser | null | undefined,
  path: string,
  method: string,
  target: AbilityTarget = {},
): Refusal | undefined {
  const rule = ruleFor(path, method)
  if (rule?.access === 'public') return undefined
  if (!user) return 'unauthenticated'
  if (!rule) return 'forbidden'
  const hasRight = rule.anyOf.length === 0 || rule.anyOf.some((code) => user.permissions_array.includes(code))
  const ownAllowed =
    rule.own !== undefined && target.own === true && (target.fields ?? []).every((field) => rule.own!.includes(field))
  if (!hasRight && !ownAllowed) return 'forbidden'
  if (rule.company && target.companyNo !== undefined && !user.klienten_array.includes(target.companyNo)) {
    return 'forbidden'
  }
  return undefined
}

/** True when the user may call the method (on that company or own record, when given). */
export function can(user: AbilityUser | null | undefined, path: string, method: string, target?: AbilityTarget): boolean {
  return refusal(user, path, method, target) === undefined
}
