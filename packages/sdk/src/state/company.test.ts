import { describe, expect, it } from 'vitest'
import { COMPANY_RESOURCES, companyReducer, initialCompanyState } from './company'
import { CompanyLoader, type CompanyLoaders } from './companyLoader'

describe('companyReducer', () => {
  it('resets every per-company resource and is ready once all loads finish', () => {
    let state = companyReducer(initialCompanyState(), { type: 'companyChanged', client: '1001' })
    state = companyReducer(state, { type: 'loaded', generation: 1, resource: 'books', value: ['book'] })
    state = companyReducer(state, { type: 'companyChanged', client: '1002' })
    expect(state).toMatchObject({ client: '1002', data: {}, companyReady: false })
    expect(state.pending).toEqual([...COMPANY_RESOURCES])
    for (const resource of COMPANY_RESOURCES) {
      expect(state.companyReady).toBe(false)
      state = companyReducer(state, { type: 'loaded', generation: 2, resource, value: `${resource}-1002` })
    }
    expect(state.companyReady).toBe(true)
    expect(state.data.suppliers).toBe('suppliers-1002')
  })

  it('ignores answers for a company the user has left', () => {
    let state = companyReducer(initialCompanyState(), { type: 'companyChanged', client: '1001' })
    state = companyReducer(state, { type: 'companyChanged', client: '1002' })
    const stale = companyReducer(state, { type: 'loaded', generation: 1, resource: 'cost', value: 'old' })
    expect(stale).toBe(state)
  })

  it('counts failed loads as finished and lists them', () => {
    let state = companyReducer(initialCompanyState(), { type: 'companyChanged', client: '1001' })
    for (const resource of COMPANY_RESOURCES) {
      state =
        resource === 'cost'
          ? companyReducer(state, { type: 'loadFailed', generation: 1, resource })
          : companyReducer(state, { type: 'loaded', generation: 1, resource, value: 1 })
    }
    expect(state.companyReady).toBe(true)
    expect(state.failed).toEqual(['cost'])
  })

  it('treats client 0 as no company: nothing to load, not ready', () => {
    const state = companyReducer(initialCompanyState(), { type: 'companyChanged', client: '0' })
    expect(state).toMatchObject({ client: null, pending: [], companyReady: false })
  })
})

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

describe('CompanyLoader', () => {
  it('lets a later company change win over a slower earlier load', async () => {
    const slowPeriods = deferred<string>()
    const loaders = Object.fromEntries(
      COMPANY_RESOURCES.map((resource) => [
        resource,
        (client: string) =>
          resource === 'accountingPeriods' && client === '1001' ? slowPeriods.promise : Promise.resolve(`${resource}-${client}`),
      ]),
    ) as unknown as CompanyLoaders
    const errors: string[] = []
    const loader = new CompanyLoader({ loaders, onError: (_error, resource) => errors.push(resource) })

    const first = loader.select('1001')
    const second = await loader.select('1002')
    expect(second.companyReady).toBe(true)
    expect(second.data.accountingPeriods).toBe('accountingPeriods-1002')

    slowPeriods.resolve('accountingPeriods-1001')
    await first
    expect(loader.state.client).toBe('1002')
    expect(loader.state.data.accountingPeriods).toBe('accountingPeriods-1002')
    expect(errors).toEqual([])
  })

  it('reports a failed load and still becomes ready', async () => {
    const loaders = Object.fromEntries(
      COMPANY_RESOURCES.map((resource) => [
        resource,
        () => (resource === 'books' ? Promise.reject(new Error('offline')) : Promise.resolve(resource)),
      ]),
    ) as unknown as CompanyLoaders
    const errors: string[] = []
    const states: boolean[] = []
    const loader = new CompanyLoader({
      loaders,
      onError: (error, resource) => errors.push(`${resource}: ${(error as Error).message}`),
      onChange: (state) => states.push(state.companyReady),
    })
    const state = await loader.select('1001')
    expect(state).toMatchObject({ companyReady: true, failed: ['books'] })
    expect(errors).toEqual(['books: offline'])
    expect(states[0]).toBe(false)
    expect(states.at(-1)).toBe(true)
  })
})
