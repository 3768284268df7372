import type { TSchema } from '@feathersjs/typebox'
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

/** Anyone may call, signed in or not (version: an out-of-date client learns it before signing in). */
export const publicRule: AbilityRule = { access: 'public', anyOf: [], company: false }

/** A signed-in user with one of `anyOf` (none needed when empty); no company involved. */
export function sessionRule(anyOf: readonly Permission[] = []): AbilityRule {
  return { access: 'session', anyOf, company: false }
}

/** A signed-in user with one of `anyOf` who has the company the call concerns (finds are narrowed to theirs). */
export function companyRule(anyOf: readonly Permission[] = []): AbilityRule {
  return { access: 'session', anyOf, company: true }
}

/**
 * Who receives a service's events (created, patched, removed):
 * - 'company': the connections of the record's company (by its `company_no`) whose user may read it: the service's
 *   rule for find (else get) decides, with the company and the rights the record asks for (`recordRequires`) — the
 *   ability table is the audience, so a service behind a permission (banking, adm or ban) tells no one else;
 * - 'firm': the firm's own records of no company (FON, addresses, import runs): every signed-in connection whose user
 *   may read them (the rule for find, else get: adm);
 * - 'user': the user's own connections and the user managers (kca);
 * - 'none': nobody.
 */
export type EventAudience = 'company' | 'firm' | 'user' | 'none'

/** The TypeBox schemas of a service: find's query, create's data, patch's data, and the record it answers. */
export interface ServiceSchemas {
  query?: TSchema
  data?: TSchema
  patch?: TSchema
  result?: TSchema
}

/**
 * Everything the portal needs to know about one service, in one place: the client registers it from `path` and
 * `methods`, the server validates with `schemas`, decides with `abilities` and publishes events to `events`.
 * `abilities` may name a method the socket does not offer when another door serves it (documents.create is the
 * HTTP upload); every rule listed needs its permission cases in tests/integration/permissions.test.ts.
 */
export interface ServiceDescriptor<Path extends string = string, Method extends ServiceMethod = ServiceMethod, View = unknown> {
  readonly path: Path
  readonly methods: readonly Method[]
  readonly schemas: ServiceSchemas
  readonly abilities: Readonly<Partial<Record<ServiceMethod, AbilityRule>>>
  readonly events: EventAudience
  /**
   * Rights (one of them) one record asks for beyond the read rule, e.g. an outgoing invoice's `lar`; the event
   * audience and the calls that answer such a record (their `AbilityTarget.requires`) use it.
   */
  readonly recordRequires?: (record: unknown) => readonly Permission[]
  /** Type only, never set: the typed client view (`Finds<Q, R> & Gets<T> …`) the service offers. */
  readonly view?: View
}

/** The typed client view of a descriptor. */
export type ViewOf<D> = D extends ServiceDescriptor<string, ServiceMethod, infer View> ? View : never

/**
 * Defines a service descriptor with its typed client view, e.g.
 * `defineService<AccBooksClientService>()({ path: accBooksPath, methods: accBooksMethods, … })`. The methods must be
 * methods of the view. (Two calls, because TypeScript infers either all type arguments or none.)
 */
export function defineService<View>() {
  return <const Path extends string, const Method extends ServiceMethod & keyof View>(
    descriptor: ServiceDescriptor<Path, Method, View>,
  ): ServiceDescriptor<Path, Method, View> => descriptor
}
