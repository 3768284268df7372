/** The per-company data that a company change resets and reloads (§4). */
export const COMPANY_RESOURCES = ['accountingPeriods', 'suppliers', 'customers', 'companySettings', 'cost', 'books'] as const

/** One per-company resource. */
export type CompanyResource = (typeof COMPANY_RESOURCES)[number]

/** The loaded value of each resource; give your own types, default unknown. */
export type CompanyData = { [R in CompanyResource]: unknown }

/** Company state: which client is selected, what has loaded, and whether all loads have finished. */
export interface CompanyState<D extends CompanyData = CompanyData> {
  /** Selected company number, or null when none (route client '0'). */
  readonly client: string | null
  /** Counts company changes; a load answers for the generation it started in. */
  readonly generation: number
  readonly data: Partial<D>
  readonly pending: readonly CompanyResource[]
  readonly failed: readonly CompanyResource[]
  /** True once every load of the current company has finished (loaded or failed). */
  readonly companyReady: boolean
}

/** Events of the company state. */
export type CompanyEvent<D extends CompanyData = CompanyData> =
  | { readonly type: 'companyChanged'; readonly client: string | null }
  | { [R in CompanyResource]: { readonly type: 'loaded'; readonly generation: number; readonly resource: R; readonly value: D[R] } }[CompanyResource]
  | { readonly type: 'loadFailed'; readonly generation: number; readonly resource: CompanyResource }

/** State before any company is picked. */
export function initialCompanyState<D extends CompanyData = CompanyData>(): CompanyState<D> {
  return { client: null, generation: 0, data: {}, pending: [], failed: [], companyReady: false }
}

function settle<D extends CompanyData>(state: CompanyState<D>, resource: CompanyResource, patch: Partial<CompanyState<D>>): CompanyState<D> {
  const pending = state.pending.filter((name) => name !== resource)
  return { ...state, ...patch, pending, companyReady: state.client !== null && pending.length === 0 }
}

/**
 * Company change of §4: selecting a client drops every per-company resource and marks the
 * company not ready; each load reports back with its generation, so an answer for a company
 * the user has already left is ignored and the latest selection wins.
 */
export function companyReducer<D extends CompanyData>(state: CompanyState<D>, event: CompanyEvent<D>): CompanyState<D> {
  switch (event.type) {
    case 'companyChanged': {
      const client = event.client === null || event.client === '0' ? null : event.client
      return {
        client,
        generation: state.generation + 1,
        data: {},
        pending: client === null ? [] : [...COMPANY_RESOURCES],
        failed: [],
        companyReady: false,
      }
    }
    case 'loaded':
      if (event.generation !== state.generation || !state.pending.includes(event.resource)) return state
      return settle(state, event.resource, { data: { ...state.data, [event.resource]: event.value } })
    case 'loadFailed':
      if (event.generation !== state.generation || !state.pending.includes(event.resource)) return state
      return settle(state, event.resource, { failed: [...state.failed, event.resource] })
  }
}
