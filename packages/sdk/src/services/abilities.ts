import type { AbilityRule, ServiceDescriptor, ServiceMethod } from './descriptor'
import { serviceTable } from './table'

/** The ability table of a list of descriptors: path → method → rule; services without rules are left out. */
export function abilityTable(
  descriptors: readonly Pick<ServiceDescriptor, 'path' | 'abilities'>[],
): Readonly<Record<string, Readonly<Partial<Record<ServiceMethod, AbilityRule>>>>> {
  const table: Record<string, Readonly<Partial<Record<ServiceMethod, AbilityRule>>>> = {}
  for (const { path, abilities } of descriptors) if (Object.keys(abilities).length > 0) table[path] = abilities
  return table
}

/** The rule table: every (service, method) the portal offers, from the service descriptors. A pair not listed is refused. */
export const abilities = abilityTable(serviceTable)

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
  /**
   * Rights (one of them) the record or query asks for beyond the method's rule, e.g. an outgoing view asks for `lar`
   * (viewPermissions), a confirmed document's correction for `app` (labelPermissions).
   */
  requires?: readonly string[]
  /**
   * Rights (one of them) the record itself asks for to be seen at all, checked besides `requires`: an outgoing
   * invoice's `lar` (kindPermissions), whatever the method.
   */
  recordRequires?: readonly string[]
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
  for (const requires of [target.requires ?? [], target.recordRequires ?? []]) {
    if (requires.length > 0 && !requires.some((code) => user.permissions_array.includes(code))) return 'forbidden'
  }
  if (rule.company && target.companyNo !== undefined && !user.klienten_array.includes(target.companyNo)) {
    return 'forbidden'
  }
  return undefined
}

/** True when the user may call the method (on that company or own record, when given). */
export function can(user: AbilityUser | null | undefined, path: string, method: string, target?: AbilityTarget): boolean {
  return refusal(user, path, method, target) === undefined
}
